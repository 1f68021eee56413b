import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.js';
import { answerFrameworkError, registerEnvelope } from './infra/http/envelope.js';
import { registerInputGuard } from './infra/http/input-guard.js';
import { registerSecurityHeaders } from './infra/http/security-headers.js';
import { registerWeb } from './infra/http/web.js';
import { LiveHub, type LiveHubOptions } from './infra/live/live-hub.js';
import { liveRoutes } from './infra/live/live.routes.js';
import { TelemetryIngest } from './ingest/telemetry-ingest.js';
import { telemetryRoutes } from './ingest/telemetry.routes.js';
import { AccessService } from './modules/access/access.service.js';
import { registerAuthHook } from './modules/auth/auth.hook.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { channelChoiceRoutes } from './modules/channel-choice/channel-choice.routes.js';
import { ChannelChoiceService } from './modules/channel-choice/channel-choice.service.js';
import { DataDirFileStore, type FileStore } from './infra/files/file-store.js';
import { filesRoutes } from './infra/files/files.routes.js';
import { moldsRoutes } from './modules/molds/molds.routes.js';
import { MoldsService } from './modules/molds/molds.service.js';
import { moldSettingsRoutes } from './modules/mold-settings/mold-settings.routes.js';
import { MoldSettingsService } from './modules/mold-settings/mold-settings.service.js';
import { devicesRoutes } from './modules/devices/devices.routes.js';
import { companiesRoutes } from './modules/mold-organisation/companies.routes.js';
import { CompaniesService } from './modules/mold-organisation/companies.service.js';
import { moldGroupsRoutes } from './modules/mold-organisation/mold-groups.routes.js';
import { MoldGroupsService } from './modules/mold-organisation/mold-groups.service.js';
import { moldTagsRoutes } from './modules/mold-organisation/mold-tags.routes.js';
import { MoldTagsService } from './modules/mold-organisation/mold-tags.service.js';
import { DevicesService } from './modules/devices/devices.service.js';
import { menuRoutes } from './modules/menu/menu.routes.js';
import { MenuService } from './modules/menu/menu.service.js';
import { moldExportRoutes } from './modules/mold-export/mold-export.routes.js';
import { MoldExportService } from './modules/mold-export/mold-export.service.js';
import { moldHistoryRoutes } from './modules/mold-history/mold-history.routes.js';
import { MoldHistoryService } from './modules/mold-history/mold-history.service.js';
import { moldPrefsRoutes } from './modules/mold-prefs/mold-prefs.routes.js';
import { MoldPrefsService } from './modules/mold-prefs/mold-prefs.service.js';
import { moldStatusRoutes } from './modules/mold-status/mold-status.routes.js';
import { MoldStatusService } from './modules/mold-status/mold-status.service.js';
import { noticesRoutes } from './modules/notices/notices.routes.js';
import { NoticesService } from './modules/notices/notices.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { UsersService } from './modules/users/users.service.js';
import { RollupJob, type RollupJobOptions } from './rollup/rollup-job.js';
import { StateEngine, type StateEngineOptions } from './state/state-engine.js';

export interface Services {
  access: AccessService;
  auth: AuthService;
  users: UsersService;
  menu: MenuService;
  notices: NoticesService;
  devices: DevicesService;
  /** Device telemetry from HTTP and MQTT. */
  ingest: TelemetryIngest;
  /** The mould list with live status, and time-state history. */
  moldStatus: MoldStatusService;
  /** Each user's favourite moulds and order of their moulds. */
  moldPrefs: MoldPrefsService;
  /** Mould states and time-state slots, from readings and a timer (started by the server). */
  state: StateEngine;
  /** Rolls readings and slots up into the 15-minute history buckets (started by the server). */
  rollups: RollupJob;
  /** Mould data of the detail views: real time and history ranges. */
  moldHistory: MoldHistoryService;
  /** The detail views' history as spreadsheets. */
  moldExport: MoldExportService;
  /** Each user's shown temperature channels per mould. */
  channelChoice: ChannelChoiceService;
  moldSettings: MoldSettingsService;
  /** The mould list's administration: moulds with their devices and images. */
  molds: MoldsService;
  /** Uploaded files (mould images). */
  files: FileStore;
  /** Companies, mould groups and the country / workshop tags of the organisation. */
  companies: CompaniesService;
  moldGroups: MoldGroupsService;
  moldTags: MoldTagsService;
}

/** Timings of the background jobs (tests run them by hand). */
export interface JobOptions {
  state?: Partial<StateEngineOptions>;
  rollups?: Partial<RollupJobOptions>;
}

export function createServices(context: AppContext, jobs: JobOptions = {}): Services {
  const access = new AccessService(context.db);
  const moldHistory = new MoldHistoryService(context, access);
  const files = new DataDirFileStore(context.config.dataDir);
  return {
    access,
    auth: new AuthService(context),
    users: new UsersService(context),
    menu: new MenuService(context, access),
    notices: new NoticesService(context),
    devices: new DevicesService(context, access),
    ingest: new TelemetryIngest(context),
    moldStatus: new MoldStatusService(context, access),
    moldPrefs: new MoldPrefsService(context.db, access),
    state: new StateEngine(context, jobs.state),
    rollups: new RollupJob(context, jobs.rollups),
    moldHistory,
    moldExport: new MoldExportService(moldHistory),
    channelChoice: new ChannelChoiceService(context, access),
    moldSettings: new MoldSettingsService(context, access),
    molds: new MoldsService(context, access, files),
    files,
    companies: new CompaniesService(context),
    moldGroups: new MoldGroupsService(context, access),
    moldTags: new MoldTagsService(context),
  };
}

async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Mouldwatch API', version: '1', description: 'Envelope, codes and conventions: docs/api.md' },
      components: { securitySchemes: { jwt: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ jwt: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The docs are readable without a session.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config as object), public: true };
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/**
 * The whole HTTP app, in order: request language and error envelope, security headers, API docs,
 * authentication and permission, the feature modules, the live channel, then the SPA.
 */
function createLiveHub(
  app: FastifyInstance,
  context: AppContext,
  services: Services,
  options?: Partial<LiveHubOptions>,
) {
  return new LiveHub(
    {
      bus: context.bus,
      log: app.log,
      authenticate: (token) => services.auth.authenticate(`JWT ${token}`),
      unreadCount: (userId) => services.notices.unreadCount(userId),
      notice: (userId, noticeId) => services.notices.get(userId, noticeId).catch(() => undefined),
      canReadMold: async (principal, moldId) => (await services.access.moldAccess(principal, moldId)) !== 'none',
      readableMolds: (principal, moldIds) => services.access.readableMoldIds(principal, moldIds),
      liveStatuses: (moldIds) => services.state.liveStatuses(moldIds),
    },
    options,
  );
}

export async function buildApp(
  context: AppContext,
  services = createServices(context),
  liveOptions?: Partial<LiveHubOptions>,
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: context.log,
    // Devices post readings all the time: a line per request would drown what matters.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // The spec's `{token}` path segments carry a JWT (several hundred characters).
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors: answerFrameworkError,
    // Behind a reverse proxy every client would otherwise share the proxy's address (login throttling).
    ...(context.config.trustProxy === undefined ? {} : { trustProxy: context.config.trustProxy }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerEnvelope(app);
  registerInputGuard(app);
  await registerSecurityHeaders(app, context.config.production);
  await registerApiDocs(app);
  registerAuthHook(app, services.auth, services.access);

  await app.register(authRoutes, { auth: services.auth, userInfo: (userId) => services.users.userInfo(userId) });
  await app.register(usersRoutes, { users: services.users });
  await app.register(menuRoutes, { menu: services.menu });
  await app.register(noticesRoutes, { notices: services.notices });
  await app.register(devicesRoutes, { devices: services.devices });
  await app.register(telemetryRoutes, { ingest: services.ingest });
  await app.register(moldStatusRoutes, { moldStatus: services.moldStatus });
  await app.register(moldPrefsRoutes, { moldPrefs: services.moldPrefs });
  await app.register(moldHistoryRoutes, { moldHistory: services.moldHistory });
  await app.register(moldExportRoutes, { moldExport: services.moldExport });
  await app.register(channelChoiceRoutes, { channelChoice: services.channelChoice });
  await app.register(moldSettingsRoutes, { moldSettings: services.moldSettings });
  await app.register(moldsRoutes, { molds: services.molds });
  await app.register(filesRoutes, { files: services.files });
  await app.register(companiesRoutes, { companies: services.companies });
  await app.register(moldGroupsRoutes, { moldGroups: services.moldGroups });
  await app.register(moldTagsRoutes, { moldTags: services.moldTags });
  await app.register(liveRoutes, { hub: createLiveHub(app, context, services, liveOptions) });

  await registerWeb(app, context.config.webDir, { production: context.config.production });
  return app;
}
