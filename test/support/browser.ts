import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, driven by playwright-core (no browser download: the machine's package). */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Chromium for the browser tests, installed by the test set-up when missing (root, Debian's package
 * mirror), started headless on a new empty profile with the flags this closed network needs (no
 * background networking: its connections would be refused, many at a time).
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    process.stderr.write('browser tests: installing Debian chromium (apt-get)…\n');
    // apt and dpkg print hundreds of lines even with -qq: kept for a failure, where they are the reason.
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
        stdio: 'pipe',
        timeout: 600_000,
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
      process.stderr.write(`${stdout ?? ''}${stderr ?? ''}`);
      throw error;
    }
    process.stderr.write('browser tests: chromium installed\n');
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
