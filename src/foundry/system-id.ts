/** The package id from `system.json`: the namespace of settings, flags, sockets and paths. */
export const SYSTEM_ID = "tempo";
