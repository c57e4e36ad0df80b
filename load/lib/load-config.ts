/**
 * What the runner (load/node/, Node) hands to a k6 scenario: everything except secrets travels
 * as one JSON document in PVH_LOAD_CONFIG; credentials travel in their own variables
 * (SECRET_VARS) so that no printed command line or written report ever holds them.
 * Types, constants and report file names, imported by both the Node runner and the k6 bundles;
 * k6-config.ts reads the hand-over inside k6.
 */

export const SCENARIOS = ['contention', 'read-throughput', 'token', 'read-segments'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

export const PROFILES = ['smoke', 'average', 'stress', 'spike', 'soak'] as const;
export type ProfileName = (typeof PROFILES)[number];

export interface LoadCertificate {
  reference: string;
  legacyNumber?: string;
}

export interface LoadConfig {
  scenario: ScenarioName;
  profile: ProfileName;
  environment: string;
  runId: string;
  baseUrl: string;
  authUrl: string;
  /** Certificates that may be read. */
  pool: LoadCertificate[];
  /** Certificates that may be booked and unbooked (contention only). */
  writable: LoadCertificate[];
  /** Absolute report directory (PVH_REPORT_DIR). */
  reportDir: string;
  /** Upper bound on request starts per second (production safety), if any. */
  maxRate?: number;
  /** Overrides of the profile. */
  rate?: number;
  duration?: string;
  vus?: number;
  p95Ms?: number;
  /** A warm-up of this long (k6 duration) before each constant scenario, measured nowhere (load:bench). */
  warmup?: string;
  /** How many writable certificates contention races for (a small pool makes conflicts likely). */
  contentionPoolSize?: number;
  /** Set when a short-lived API user is configured (token refresh scenario). */
  hasShortLived?: boolean;
}

/** Environment variables carrying credentials into k6 (never on a command line). */
export const SECRET_VARS = {
  clientId: 'PVH_LOAD_CLIENT_ID',
  clientSecret: 'PVH_LOAD_CLIENT_SECRET',
  shortClientId: 'PVH_LOAD_SHORT_CLIENT_ID',
  shortClientSecret: 'PVH_LOAD_SHORT_CLIENT_SECRET',
} as const;

export const CONFIG_VAR = 'PVH_LOAD_CONFIG';

/**
 * How k6 reaches the target beyond what it reads itself (HTTPS_PROXY, NO_PROXY and SSL_CERT_FILE
 * are set in its environment): the config's extra headers (a gateway key) per endpoint, the client
 * certificate (its key already decrypted by the runner: k6 reads only legacy-encrypted PEM keys),
 * and insecureSkipTLSVerify. It holds secrets, so it travels in its own variable, never printed.
 */
export const NETWORK_VAR = 'PVH_LOAD_NETWORK';

export interface LoadNetwork {
  headers: { api: Record<string, string>; token: Record<string, string> };
  tlsAuth?: Array<{ domains: string[]; cert: string; key: string }>;
  insecureSkipTLSVerify?: boolean;
}

/**
 * Where a run's k6 web dashboard goes: the report k6 exports (K6_WEB_DASHBOARD_EXPORT) and the copy
 * the runner puts among the Allure results, which every threshold result of the run attaches.
 */
export function dashboardFiles(cfg: Pick<LoadConfig, 'reportDir' | 'scenario' | 'runId'>): {
  report: string;
  allureAttachment: string;
} {
  return {
    report: `${cfg.reportDir}/load/${cfg.scenario}-dashboard.html`,
    allureAttachment: `${cfg.runId}-${cfg.scenario}-dashboard-attachment.html`,
  };
}
