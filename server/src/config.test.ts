import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { tileImageSource } from './infra/http/security-headers.js';

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

  it('consumes a RabbitMQ queue with AMQP_URL, never alongside MQTT_URL', () => {
    const config = loadConfig({ AMQP_URL: 'amqp://mw:secret@rabbit:5672/factory' });
    expect(config).toMatchObject({
      mqttPort: 0,
      amqp: { url: 'amqp://mw:secret@rabbit:5672/factory', queue: 'mouldwatch.telemetry' },
    });
    expect(loadConfig({ AMQP_URL: 'amqps://rabbit', AMQP_QUEUE: 'plant-2.telemetry' }).amqp?.queue).toBe(
      'plant-2.telemetry',
    );
    expect(loadConfig({}).amqp).toBeUndefined();
    expect(() => loadConfig({ AMQP_URL: 'amqp://rabbit', MQTT_URL: 'mqtt://mosquitto' })).toThrow(
      /^AMQP_URL=.*unset MQTT_URL or AMQP_URL/,
    );
    expect(() => loadConfig({ AMQP_URL: 'http://rabbit' })).toThrow(/^AMQP_URL=.*must start with amqp: or amqps:/);
    expect(() => loadConfig({ AMQP_URL: 'amqp://rabbit', AMQP_QUEUE: 'a queue' })).toThrow(/^AMQP_QUEUE=/);
  });

  it('takes a Redis channel prefix of letters, digits and . _ : -', () => {
    expect(loadConfig({}).redisPrefix).toBeUndefined();
    expect(loadConfig({ REDIS_PREFIX: 'plant-2:mw' }).redisPrefix).toBe('plant-2:mw');
    expect(() => loadConfig({ REDIS_PREFIX: 'bus*' })).toThrow(/^REDIS_PREFIX=/);
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

  it('checks the alert delivery variables, one line each', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      SMS_URL: 'https://sms.example.com/send?key=k',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      smsUrl: 'https://sms.example.com/send?key=k',
    });
    expect(() => loadConfig({ SMS_URL: 'ftp://sms.example.com' })).toThrow(
      /^SMS_URL="ftp:\/\/sms.example.com": must start with http: or https:/,
    );
    expect(() => loadConfig({ SMS_URL: 'https://key:secret@sms.example.com' })).toThrow(
      /^SMS_URL=.*must not carry user:password@/,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(
      /^SMTP_URL=.*must start with smtp: or smtps:/,
    );
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(
      /^MAIL_FROM="not an address": must be an e-mail address/,
    );
  });
});

describe('map tile sources', () => {
  it('defaults to OpenStreetMap and AutoNavi, takes a factory tile server, and none', () => {
    const defaults = loadConfig({});
    expect(defaults.mapTiles.global.url).toContain('tile.openstreetmap.org/{z}/{x}/{y}');
    expect(defaults.mapTiles.china.subdomains).toBe('1234');
    const own = loadConfig({ MAP_TILES_GLOBAL: 'http://tiles.local:8081/{z}/{x}/{y}.png', MAP_TILES_CHINA: 'none' });
    expect(own.mapTiles.global.url).toBe('http://tiles.local:8081/{z}/{x}/{y}.png');
    expect(own.mapTiles.china).toEqual({ url: '', attribution: '', subdomains: '' });
  });

  it('refuses a template without {z}/{x}/{y} or not over http(s), naming the variable', () => {
    expect(() => loadConfig({ MAP_TILES_GLOBAL: 'https://tiles.local/{z}/{x}.png' })).toThrow(/^MAP_TILES_GLOBAL=/);
    expect(() => loadConfig({ MAP_TILES_CHINA: 'ftp://tiles.local/{z}/{x}/{y}.png' })).toThrow(/^MAP_TILES_CHINA=/);
  });

  it('lets the tile hosts through the CSP, a {s} label as a wildcard', () => {
    expect(tileImageSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.openstreetmap.org',
    );
    expect(tileImageSource('https://webrd0{s}.is.autonavi.com/appmaptile?x={x}')).toBe('https://*.is.autonavi.com');
    expect(tileImageSource('http://127.0.0.1:9000/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:9000');
    expect(tileImageSource('')).toBeUndefined();
  });
});
