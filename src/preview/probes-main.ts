/**
 * The DOM helpers the browser tests drive in Chromium directly (row patching and the tracker's stale parts),
 * published on `window` by a built page, with Tempo's styles, so no test needs vite's dev server.
 */
import "../../styles/tempo.css";
import "./page.css";
import { drawnRowPrints, patchPart } from "../view/dom/patch-rows.ts";
import { removeStaleParts } from "../foundry/applications/tracker-parts.ts";

Object.assign(window, { drawnRowPrints, patchPart, removeStaleParts });
document.body.dataset.probes = "ready";
