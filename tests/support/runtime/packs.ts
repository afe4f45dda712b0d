/**
 * `game.packs` on one client: a CompendiumCollection per pack of the system's manifest
 * (system-manifest.ts), keyed by `<system>.<name>` (API CompendiumCollection#collection: "The canonical
 * Compendium name - comprised of the originating package and the pack name"). What the model keeps of
 * each, as public sources show v13:
 * - `metadata`: the manifest entry, with its `id`, `packageName` and default `ownership`;
 * - `config`: this pack's entry of core's world setting `core.compendiumConfiguration`
 *   (CompendiumCollection.CONFIG_SETTING = "compendiumConfiguration", "The named game setting which
 *   contains Compendium configurations"; an entry is a WorldCompendiumPackConfiguration: `ownership`,
 *   `folder`, `locked`, `sort`);
 * - `ownership`: the configured ownership where a GM set one, else the manifest's (the model's reading
 *   of WorldCompendiumPackConfiguration#ownership overriding the package's default);
 * - `configure(settings)` merges `settings` into the pack's entry and writes the whole setting with
 *   `game.settings.set` (so, a world setting, only a GM may: network.ts refuses anyone else). The
 *   Essence20 system keeps pack ownership in step with its own setting this way
 *   (WookieeMatt/Essence20, module/apps/compendium-browser-sources.mjs).
 * The packs' documents live in uuid.ts (`Compendia`); the model does not list them here.
 */
import { manifestPacks, type ManifestPack } from "./system-manifest.ts";

export const COMPENDIUM_CONFIGURATION = "compendiumConfiguration";

type Ownership = Readonly<Record<string, string>>;
type PackConfig = { readonly ownership?: Ownership; readonly [key: string]: unknown };
type Configuration = Readonly<Record<string, PackConfig>>;

/** What a pack reads and writes of its client's settings. */
export interface PackSettings {
  get(namespace: string, key: string): unknown;
  set(namespace: string, key: string, value: unknown): Promise<unknown>;
}

export class CompendiumCollectionModel {
  readonly metadata: ManifestPack & { readonly id: string; readonly packageName: string; readonly packageType: string };

  constructor(
    system: string,
    pack: ManifestPack,
    readonly settings: PackSettings,
  ) {
    this.metadata = { ...pack, id: `${system}.${pack.name}`, packageName: system, packageType: "system" };
  }

  get collection(): string {
    return this.metadata.id;
  }

  get documentName(): string {
    return this.metadata.type;
  }

  #configuration(): Configuration {
    const stored = this.settings.get("core", COMPENDIUM_CONFIGURATION);
    return typeof stored === "object" && stored !== null ? (stored as Configuration) : {};
  }

  get config(): PackConfig {
    return this.#configuration()[this.collection] ?? {};
  }

  get ownership(): Ownership {
    return this.config.ownership ?? this.metadata.ownership ?? {};
  }

  async configure(settings: PackConfig): Promise<unknown> {
    const configuration = this.#configuration();
    const next = { ...configuration, [this.collection]: { ...configuration[this.collection], ...settings } };
    return this.settings.set("core", COMPENDIUM_CONFIGURATION, next);
  }
}

/** A client's `game.packs`: every pack of the manifest, by collection id. */
export function packCollection(settings: PackSettings): Map<string, CompendiumCollectionModel> {
  const { system, packs } = manifestPacks();
  return new Map(
    packs.map((pack) => [`${system}.${pack.name}`, new CompendiumCollectionModel(system, pack, settings)]),
  );
}
