import type { en } from './en';

export const por: typeof en = {
  search: 'Pesquisar',
  searchPlaceholder: 'Pesquisar por nome',
  add: 'Adicionar',
  edit: 'Editar',
  delete: 'Excluir',
  actions: 'Ações',
  empty: 'Nada aqui ainda',
  emptySearch: 'Nada corresponde a “{{search}}”',
  loadFailed: 'Não foi possível carregar a lista.',
  retry: 'Tentar novamente',
  total: '{{total}} no total',
  totalMore: 'Mais de {{total}} no total',
};
