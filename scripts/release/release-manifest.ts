// The release's system.json and the checks `npm run package` makes before it builds anything.
// The repository address lives in one place, package.json `repository`; every URL below derives from it.

/** The parts of package.json a release reads. */
export interface PackageJson {
  readonly version?: unknown;
  readonly repository?: unknown;
}

/** The URLs a Foundry manifest needs to install and update the system. */
export interface ReleaseUrls {
  /** The project page. */
  readonly url: string;
  /** Always the newest release's system.json: Foundry checks it for updates. */
  readonly manifest: string;
  /** This version's zip. */
  readonly download: string;
}

/** Release names the zip this way; the URLs and the packaging script share it. */
export const ZIP_NAME = "tempo.zip";

/** Versions `npm run package` accepts: semantic versions such as 0.1.0 or 1.2.0-beta.1. */
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** A problem that stops packaging, with the sentence shown to whoever ran it. */
export class ReleaseError extends Error {}

/** package.json's version, checked to be a semantic version. */
export function releaseVersion(pkg: PackageJson): string {
  if (typeof pkg.version !== "string" || !VERSION.test(pkg.version)) {
    throw new ReleaseError(
      `package.json "version" must be a version such as 0.1.0 (got ${JSON.stringify(pkg.version)}).`,
    );
  }
  return pkg.version;
}

/**
 * The repository's web address from package.json `repository` (a string or `{ "url": … }`), without
 * `git+`, a trailing `.git` or a trailing slash: `https://github.com/owner/name`.
 */
export function repositoryUrl(pkg: PackageJson): string {
  const field = pkg.repository;
  const raw =
    typeof field === "string"
      ? field
      : typeof field === "object" && field !== null && "url" in field && typeof field.url === "string"
        ? field.url
        : null;
  const url = raw
    ?.trim()
    .replace(/^git\+/, "")
    .replace(/\.git$/, "")
    .replace(/\/+$/, "");
  if (url === undefined || !/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/.test(url)) {
    throw new ReleaseError(
      `package.json "repository" must be a GitHub address such as {"type":"git","url":"https://github.com/owner/name"} (got ${JSON.stringify(field)}).`,
    );
  }
  return url;
}

/** The manifest, download and project URLs of a release, from package.json alone. */
export function releaseUrls(pkg: PackageJson): ReleaseUrls {
  const repo = repositoryUrl(pkg);
  const version = releaseVersion(pkg);
  return {
    url: repo,
    manifest: `${repo}/releases/latest/download/system.json`,
    download: `${repo}/releases/download/v${version}/${ZIP_NAME}`,
  };
}

/**
 * The changelog has a section for `version`: a heading such as `## [0.1.0] - 2026-11-25` or `## 0.1.0`
 * (Keep a Changelog). An "Unreleased" heading does not count.
 */
export function changelogHasEntry(changelog: string, version: string): boolean {
  const escaped = version.replace(/[.+-]/g, (c) => `\\${c}`);
  return new RegExp(`^##\\s+\\[?v?${escaped}\\]?(?:\\s|$)`, "m").test(changelog);
}

/** Stops packaging with a clear message when the changelog has no section for `version`. */
export function requireChangelogEntry(changelog: string, version: string, file: string): void {
  if (!changelogHasEntry(changelog, version)) {
    throw new ReleaseError(
      `${file} has no entry for version ${version}: add a "## [${version}] - YYYY-MM-DD" section listing the changes, then package again.`,
    );
  }
}

/** The built system.json with the release's version and URLs (every other field unchanged). */
export function releaseManifest(built: Readonly<Record<string, unknown>>, pkg: PackageJson): Record<string, unknown> {
  const urls = releaseUrls(pkg);
  return { ...built, version: releaseVersion(pkg), url: urls.url, manifest: urls.manifest, download: urls.download };
}
