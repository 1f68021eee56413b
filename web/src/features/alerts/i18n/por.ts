import type { en } from './en';

export const por: typeof en = {
  channels: 'Canais de alerta',
  channelsHint: 'Para cada tipo de alarme, escolha como as mensagens de alerta chegam até você.',
  alarmKind: 'Alarme',
  email: 'E-mail',
  sms: 'SMS',
  type1: 'Manutenção',
  type2: 'Tempo de ciclo',
  type3: 'Temperatura',
  type4: 'Offline',
  type5: 'Energia',
  notConfigured:
    'O envio por {{channels}} não está configurado neste servidor, portanto essas mensagens não são enviadas. Fale com o administrador.',
  channelsLoadFailed: 'Não foi possível verificar por quais canais o servidor pode enviar.',
  frequencyMeaning:
    'No máximo este número de mensagens por dia ou semana, contado a partir das 08:00 no seu fuso horário. Alarmes dentro de um minuto vão numa só mensagem; atingido o limite, o restante chega junto às 08:00 do dia seguinte (segunda-feira, se semanal).',
  unsubscribeTitle: 'Mensagens de alerta',
  unsubscribePrompt: 'Deseja deixar de receber mensagens de alerta por e-mail e SMS?',
  unsubscribeButton: 'Cancelar inscrição',
  unsubscribed: 'Inscrição cancelada com sucesso',
  unsubscribedHint: 'Você pode reativar as mensagens de alerta nas suas informações pessoais.',
  unsubscribeFailed: 'Erro de rede',
  unsubscribeNoLink: 'Esta página foi aberta sem um link de cancelamento, então não há nada a fazer.',
};
