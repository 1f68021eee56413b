import mqtt, { type MqttClient } from 'mqtt';
import { MAX_MESSAGES_PER_REQUEST, telemetryTopic, type DeviceMessage, type DeviceProfile } from '@mouldwatch/shared';

/** Sends one device's messages; resolves once the server acknowledged them. */
export interface Transport {
  send(messages: DeviceMessage[]): Promise<void>;
  close(): Promise<void>;
}

export interface DeviceIdentity {
  device_no: string;
  token: string;
  /** How the device runs; made up from its serial number when absent. */
  profile?: DeviceProfile;
  /** The cycle counter to go on from; made up when absent. */
  counter?: number;
}

/**
 * MQTT with QoS 1: the PUBACK comes only after the server committed the reading. A batch goes as
 * one publish (an array, up to the protocol's 1000 messages): the server's rate limit counts
 * publishes, so a back-fill is not slowed down to it.
 */
export async function mqttTransport(url: string, device: DeviceIdentity): Promise<Transport> {
  const client: MqttClient = await mqtt.connectAsync(url, {
    username: device.device_no,
    password: device.token,
    clientId: `sim-${device.device_no}`,
    reconnectPeriod: 2000,
  });
  const topic = telemetryTopic(device.device_no);
  return {
    send: async (messages) => {
      for (let start = 0; start < messages.length; start += MAX_MESSAGES_PER_REQUEST) {
        const batch = messages.slice(start, start + MAX_MESSAGES_PER_REQUEST);
        await client.publishAsync(topic, JSON.stringify(batch.length === 1 ? batch[0] : batch), { qos: 1 });
      }
    },
    close: () => client.endAsync(),
  };
}

/** HTTP: one request per batch with the device's token. */
export function httpTransport(baseUrl: string, device: DeviceIdentity): Transport {
  const url = `${baseUrl.replace(/\/+$/, '')}/api/device/telemetry/`;
  return {
    send: async (messages) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Device ${device.token}` },
        body: JSON.stringify(messages.length === 1 ? messages[0] : messages),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    },
    close: async () => undefined,
  };
}
