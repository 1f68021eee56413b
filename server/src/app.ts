import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.js';
import { answerFrameworkError, registerEnvelope } from './infra/http/envelope.js';
import { registerInputGuard } from './infra/http/input-guard.js';
import { registerSecurityHeaders, tileImageSource } from './infra/http/security-headers.js';
import { registerWeb } from './infra/http/web.js';
import { LiveHub, type LiveHubOptions } from './infra/live/live-hub.js';
import { liveRoutes } from './infra/live/live.routes.js';
import { TelemetryIngest } from './ingest/telemetry-ingest.js';
import { telemetryRoutes } from './ingest/telemetry.routes.js';
import { AccessService } from './modules/access/access.service.js';
import { alarmsRoutes } from './modules/alarms/alarms.routes.js';
import { AlarmsService } from './modules/alarms/alarms.service.js';
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
import { userAdminRoutes } from './modules/users/user-admin.routes.js';
import { UserAdminService } from './modules/users/user-admin.service.js';
import { moldPermissionRoutes } from './modules/mold-permission/mold-permission.routes.js';
import { MoldDistributionService } from './modules/mold-permission/mold-distribution.service.js';
import { UsersService } from './modules/users/users.service.js';
import { rolesRoutes } from './modules/roles/roles.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { productsRoutes } from './modules/products/products.routes.js';
import { ProductsService } from './modules/products/products.service.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { RolesService } from './modules/roles/roles.service.js';
import { workOrdersRoutes } from './modules/work-orders/work-orders.routes.js';
import { WorkOrdersService } from './modules/work-orders/work-orders.service.js';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.js';
import { MaintenanceService, type MaintenanceJobOptions } from './modules/maintenance/maintenance.service.js';
import { JobScheduler } from './infra/jobs/job-scheduler.js';
import { LocationTracker } from './modules/location/location-tracker.js';
import { locationRoutes } from './modules/location/location.routes.js';
import { LocationService } from './modules/location/location.service.js';
import { RollupJob, type RollupJobOptions } from './rollup/rollup-job.js';
import { StateEngine, type StateEngineOptions } from './state/state-engine.js';
import { AlarmEngine, type AlarmEngineOptions } from './alarms/alarm-engine.js';
import { Outbox, type OutboxTransports } from './infra/mail/outbox.js';
import { alertsRoutes } from './modules/alerts/alerts.routes.js';
import { AlertsService } from './modules/alerts/alerts.service.js';
import { sharingRoutes } from './modules/sharing/sharing.routes.js';
import { SharingService } from './modules/sharing/sharing.service.js';

import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { renewalRoutes } from './modules/renewal/renewal.routes.js';
import { RenewalService } from './modules/renewal/renewal.service.js';

export interface Services {
  access: AccessService;
  auth: AuthService;
  /** Sign-up, activation and forgot password by verification codes. */
  accounts: AccountsService;
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
  /** Judges readings into alarms, finds silent devices, escalates (issue 12; started by the server). */
  alarmEngine: AlarmEngine;
  /** Rolls readings and slots up into the 15-minute history buckets (a job of the scheduler). */
  rollups: RollupJob;
  /** Scheduled work (roll-ups, sweeps, deliveries …); started by the server, run by hand in tests. */
  jobs: JobScheduler;
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
  roles: RolesService;
  /** The mould permission tree and the distribution of moulds to users. */
  moldDistribution: MoldDistributionService;
  /** The organisation's users as administrators manage them. */
  userAdmin: UserAdminService;
  /** The alarm pages: lists, acknowledgement, export and the escalation delay. */
  alarms: AlarmsService;
  /** Outgoing e-mail and SMS (infra/mail, infra/sms): queued, sent by the `outbox` job. */
  outbox: Outbox;
  /** Alert messages at each user's frequency (the `alert-delivery` job) and the unsubscribe link. */
  alerts: AlertsService;
  /** Work orders: planned, started, progressing with the counter, finished or stopped; their rejects. */
  workOrders: WorkOrdersService;
  /** Positions of moulds: the map, manual positions, location history, known access points. */
  location: LocationService;
  /** Keeps positions from readings (started by the server). */
  locationTracker: LocationTracker;
  /** Reports: OEE, cycle time and energy over moulds and periods. */
  reports: ReportsService;
  /** The Product List: the moulds grouped by part ID, with the reports' figures and their live states. */
  products: ProductsService;
  /** Maintenance tasks, their schedule and records; a job evaluates due statuses (maintenanceDue). */
  maintenance: MaintenanceService;
  sharing: SharingService;

  /** Renewal orders of device subscriptions, the operator's confirmation, the reminder job. */
  renewal: RenewalService;
}

/** Timings of the background jobs (tests run them by hand). */
export interface JobOptions {
  state?: Partial<StateEngineOptions>;
  rollups?: Partial<RollupJobOptions>;
  alarms?: Partial<AlarmEngineOptions>;
  /** Alert delivery: the outbox's transports in place of SMTP_URL / SMS_URL's, the jobs' intervals (tests). */
  delivery?: { transports?: OutboxTransports; outboxIntervalMs?: number; alertIntervalMs?: number };
  maintenance?: Partial<MaintenanceJobOptions>;
}

export function createServices(context: AppContext, jobs: JobOptions = {}): Services {
  const access = new AccessService(context.db);
  const moldHistory = new MoldHistoryService(context, access);
  const files = new DataDirFileStore(context.config.dataDir);
  const moldDistribution = new MoldDistributionService(context);
  const scheduler = new JobScheduler(context.log);
  const rollups = new RollupJob(context, jobs.rollups);
  scheduler.every(rollups.asJob());
  const alarmEngine = new AlarmEngine(context, jobs.alarms);
  for (const job of alarmEngine.jobs()) scheduler.every(job);
  const outbox = new Outbox(context, jobs.delivery?.transports);
  const alerts = new AlertsService(context, outbox);
  scheduler.every(outbox.asJob(jobs.delivery?.outboxIntervalMs));
  scheduler.every(alerts.asJob(jobs.delivery?.alertIntervalMs));
  const workOrders = new WorkOrdersService(context, access);
  scheduler.every(workOrders.asJob());
  const maintenance = new MaintenanceService(context, access, jobs.maintenance);
  const reports = new ReportsService(context);
  scheduler.every(maintenance.asJob());
  const auth = new AuthService(context);

  const renewal = new RenewalService(context, access, outbox);
  scheduler.every(renewal.asJob());
  return {
    alarmEngine,
    outbox,
    alerts,
    workOrders,
    jobs: scheduler,
    moldDistribution,
    userAdmin: new UserAdminService(context, moldDistribution),
    access,
    auth,
    accounts: new AccountsService(context, outbox, auth),
    users: new UsersService(context, alerts),
    menu: new MenuService(context, access),
    notices: new NoticesService(context),
    devices: new DevicesService(context, access),
    ingest: new TelemetryIngest(context, (xid, rows) => alarmEngine.hold(xid, rows)),
    moldStatus: new MoldStatusService(context, access),
    moldPrefs: new MoldPrefsService(context.db, access),
    state: new StateEngine(context, jobs.state),
    rollups,
    moldHistory,
    moldExport: new MoldExportService(moldHistory),
    channelChoice: new ChannelChoiceService(context, access),
    moldSettings: new MoldSettingsService(context, access),
    molds: new MoldsService(context, access, files),
    files,
    companies: new CompaniesService(context),
    moldGroups: new MoldGroupsService(context, access, files),
    moldTags: new MoldTagsService(context),
    roles: new RolesService(context),
    alarms: new AlarmsService(context, access),
    location: new LocationService(context, access),
    locationTracker: new LocationTracker(context),
    reports,
    products: new ProductsService(context, reports),
    maintenance,
    sharing: new SharingService(context, moldDistribution, outbox, auth),

    renewal,
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
      authenticate: (tokens) => services.auth.authenticateEach(tokens),
      unreadCounts: (userIds) => services.notices.unreadCounts(userIds),
      notice: (userId, noticeId) => services.notices.get(userId, noticeId).catch(() => undefined),
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
  const { global, china } = context.config.mapTiles;
  const tileSources = [global.url, china.url].map(tileImageSource).filter((source) => source !== undefined);
  await registerSecurityHeaders(app, context.config.production, tileSources);
  await registerApiDocs(app);
  registerAuthHook(app, services.auth, services.access);

  await app.register(authRoutes, { auth: services.auth, userInfo: (userId) => services.users.userInfo(userId) });
  await app.register(accountsRoutes, {
    accounts: services.accounts,
    userInfo: (userId) => services.users.userInfo(userId),
  });
  await app.register(usersRoutes, { users: services.users });
  await app.register(userAdminRoutes, { users: services.userAdmin });
  await app.register(moldPermissionRoutes, { distribution: services.moldDistribution });
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
  await app.register(rolesRoutes, { roles: services.roles });
  await app.register(alarmsRoutes, { alarms: services.alarms });
  await app.register(alertsRoutes, { alerts: services.alerts });
  await app.register(workOrdersRoutes, { workOrders: services.workOrders });
  await app.register(locationRoutes, { location: services.location });
  await app.register(reportsRoutes, { reports: services.reports });
  await app.register(productsRoutes, { products: services.products });
  await app.register(maintenanceRoutes, { maintenance: services.maintenance });
  await app.register(sharingRoutes, {
    sharing: services.sharing,
    userInfo: (userId) => services.users.userInfo(userId),
  });

  await app.register(renewalRoutes, { renewal: services.renewal });
  await app.register(liveRoutes, { hub: createLiveHub(app, context, services, liveOptions) });

  await registerWeb(app, context.config.webDir, { production: context.config.production });
  return app;
}
