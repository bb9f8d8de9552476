/**
 * Where the hub keeps its embedded PostgreSQL when HUB_DATA_DIR does not say: the user's data
 * folder (XDG on Linux, Application Support on macOS, %APPDATA% on Windows). As root on Linux
 * it is /var/lib/optical-pos-hub: PostgreSQL runs as the `postgres` user, who cannot enter /root.
 */
import os from 'node:os';
import path from 'node:path';

export function defaultHubDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HUB_DATA_DIR) return path.resolve(env.HUB_DATA_DIR);
  const home = os.homedir();
  switch (process.platform) {
    case 'win32':
      return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'optical-pos-hub');
    case 'darwin':
      return path.join(home, 'Library', 'Application Support', 'optical-pos-hub');
    default:
      if (process.getuid?.() === 0) return '/var/lib/optical-pos-hub';
      return path.join(env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'optical-pos-hub');
  }
}
