import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  it('uses the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', mqttPort: 1883, demo: false, production: false });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
  });

  it('names every bad variable on a line of its own', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', DEMO: 'yes' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const lines = (error as Error).message.split('\n');
      expect(lines).toHaveLength(4);
      expect(lines.map((line) => line.split('=')[0]).sort()).toEqual(['DATABASE_URL', 'DEMO', 'JWT_SECRET', 'PORT']);
      expect(lines.find((line) => line.startsWith('DATABASE_URL'))).toContain(
        'must start with postgres: or postgresql:',
      );
    }
  });

  it('never seeds the demo in production', () => {
    expect(() => loadConfig({ DEMO: '1', NODE_ENV: 'production' })).toThrow(/DEMO=.*never seeded in production/);
    expect(loadConfig({ DEMO: '1' }).demo).toBe(true);
  });

  it('turns the embedded broker off when an external one is named', () => {
    expect(loadConfig({ MQTT_URL: 'mqtt://127.0.0.1:1883' }).mqttPort).toBe(0);
    expect(loadConfig({ MQTT_PORT: '0' }).mqttPort).toBe(0);
  });

  it('shares the external broker subscription only in a group that is named', () => {
    expect(loadConfig({ MQTT_URL: 'mqtt://127.0.0.1:1883' }).mqttSharedGroup).toBeUndefined();
    expect(loadConfig({ MQTT_SHARED_GROUP: 'mouldwatch' }).mqttSharedGroup).toBe('mouldwatch');
    expect(() => loadConfig({ MQTT_SHARED_GROUP: 'a/b' })).toThrow(/^MQTT_SHARED_GROUP="a\/b": must be a name without/);
  });

  it('believes X-Forwarded-For only from the proxies it is told of', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    for (const bad of ['true', '1', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^TRUST_PROXY=.*: must be the proxies' addresses/);
    }
  });

  it('treats an empty variable as unset and a malformed URL as one clear error', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 8080 });
    expect(() => loadConfig({ REDIS_URL: 'not a url' })).toThrow(/^REDIS_URL="not a url": must be a URL/);
  });
});
