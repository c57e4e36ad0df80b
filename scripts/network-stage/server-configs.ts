/**
 * The configs of the stage's servers: nginx terminating TLS in front of the reference API (mutual TLS, a gateway key
 * on the API), and squid as the company's forward proxy.
 */
import type { RunningReference } from '../../fixtures/reference-api/index.ts';
import { GATEWAY_HEADER, GATEWAY_REFUSAL, STAGE_HOSTS } from './shape.ts';

function upstream(u: string): string {
  return new URL(u).host;
}

export function nginxConfig(
  dir: string,
  ports: { api: number; auth: number; legacy: number },
  ref: RunningReference,
  files: { serverCert: string; serverKey: string; ca: string },
  key: string,
): string {
  // A plain proxy_pass with nginx's defaults, as a partner or the platform team would put one in
  // front of a sandbox: HTTP/1.0 to the API, request and response buffered, 1 MiB bodies.
  const headerVariable = `$http_${GATEWAY_HEADER.toLowerCase().replace(/-/g, '_')}`;
  const gatewayCheck = `if (${headerVariable} != "${key}") { return 401 '${GATEWAY_REFUSAL}'; }`;
  const server = (port: number, host: string, target: string, gateway: boolean) => `
  server {
    listen 127.0.0.1:${port} ssl;
    server_name ${host};
    ${gateway ? gatewayCheck : ''}
    location / { proxy_pass http://${target}; }
  }`;
  return `# A TLS terminator in front of the reference API: mutual TLS everywhere, a gateway key on the API.
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/json;
  client_body_temp_path ${dir}/nginx-tmp/body;
  proxy_temp_path ${dir}/nginx-tmp/proxy;
  fastcgi_temp_path ${dir}/nginx-tmp/fastcgi;
  uwsgi_temp_path ${dir}/nginx-tmp/uwsgi;
  scgi_temp_path ${dir}/nginx-tmp/scgi;
  ssl_certificate ${files.serverCert};
  ssl_certificate_key ${files.serverKey};
  ssl_client_certificate ${files.ca};
  ssl_verify_client on;
${server(ports.api, STAGE_HOSTS.api, upstream(ref.baseUrl), true)}
${server(ports.auth, STAGE_HOSTS.auth, upstream(ref.authUrl), false)}
${server(ports.legacy, STAGE_HOSTS.legacy, upstream(ref.legacyBaseUrl), false)}
}
`;
}

export function squidConfig(dir: string, port: number, ports: number[], root: boolean): string {
  return `# A company's forward proxy: a password, CONNECT only to the stage's ports, the only resolver of *.pvh.test.
http_port 127.0.0.1:${port}
pid_filename ${dir}/squid/squid.pid
cache_log ${dir}/squid/cache.log
access_log stdio:${dir}/squid/access.log
coredump_dir ${dir}/squid
cache deny all
hosts_file ${dir}/hosts
visible_hostname pvh-stage-proxy
shutdown_lifetime 0 seconds
${root ? 'cache_effective_user proxy' : ''}
auth_param basic program /usr/lib/squid/basic_ncsa_auth ${dir}/squid-passwd
auth_param basic realm pvh-stage
acl authed proxy_auth REQUIRED
acl stage_ports port ${ports.join(' ')}
acl CONNECT method CONNECT
http_access deny CONNECT !stage_ports
http_access allow authed
http_access deny all
`;
}
