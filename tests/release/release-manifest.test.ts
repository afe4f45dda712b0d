import { describe, expect, it } from "vitest";
import {
  changelogHasEntry,
  releaseManifest,
  releaseUrls,
  repositoryUrl,
  requireChangelogEntry,
} from "../../scripts/release/release-manifest.ts";

const repo = "https://github.com/tempo-vtt/tempo";

describe("release manifest", () => {
  it("reads the repository address however package.json spells it", () => {
    for (const repository of [
      repo,
      `${repo}/`,
      `git+${repo}.git`,
      { type: "git", url: repo },
      { type: "git", url: `git+${repo}.git` },
    ]) {
      expect(repositoryUrl({ repository }), JSON.stringify(repository)).toBe(repo);
    }
  });

  it("refuses a missing or non-GitHub repository with a message naming the field", () => {
    for (const repository of [undefined, "", "github:tempo-vtt/tempo", { url: "https://gitlab.com/a/b" }, { url: 3 }]) {
      expect(() => repositoryUrl({ repository }), JSON.stringify(repository)).toThrow(/package.json "repository"/);
    }
  });

  it("moves every URL when the repository moves, and the download names the version", () => {
    expect(releaseUrls({ version: "1.2.3", repository: "https://github.com/someone/fork" })).toEqual({
      url: "https://github.com/someone/fork",
      manifest: "https://github.com/someone/fork/releases/latest/download/system.json",
      download: "https://github.com/someone/fork/releases/download/v1.2.3/tempo.zip",
    });
    expect(() => releaseUrls({ version: "one", repository: repo })).toThrow(/"version"/);
  });

  it("replaces the version and URLs of the built manifest and keeps every other field", () => {
    const built = { id: "tempo", version: "0.0.0", compatibility: { minimum: "13", verified: "14", maximum: "14" } };
    expect(releaseManifest(built, { version: "0.2.0", repository: repo })).toEqual({
      id: "tempo",
      version: "0.2.0",
      compatibility: { minimum: "13", verified: "14", maximum: "14" },
      url: repo,
      manifest: `${repo}/releases/latest/download/system.json`,
      download: `${repo}/releases/download/v0.2.0/tempo.zip`,
    });
  });

  it("finds the version's changelog section, in Keep a Changelog or plain headings", () => {
    expect(changelogHasEntry("# Changelog\n\n## [0.1.0] - 2026-11-25\n\n- x\n", "0.1.0")).toBe(true);
    expect(changelogHasEntry("## 0.1.0\n", "0.1.0")).toBe(true);
    expect(changelogHasEntry("## v0.1.0 (2026-11-25)\n", "0.1.0")).toBe(true);
    expect(changelogHasEntry("## [Unreleased]\n\n- 0.1.0 soon\n", "0.1.0")).toBe(false);
    expect(changelogHasEntry("## [10.1.0]\n## [0.1.0-beta.1]\n## [0.1.01]\n", "0.1.0")).toBe(false);
    expect(changelogHasEntry("### [0.1.0]\n", "0.1.0")).toBe(false);
  });

  it("the refusal says which file lacks which version and what heading to add", () => {
    expect(() => requireChangelogEntry("## [0.0.9]\n", "0.1.0", "CHANGELOG.md")).toThrow(
      'CHANGELOG.md has no entry for version 0.1.0: add a "## [0.1.0] - YYYY-MM-DD" section',
    );
  });
});
