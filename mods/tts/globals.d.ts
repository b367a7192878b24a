/** The Global script's UI instance (the declaration package types it but declares no value). */
declare const UI: UI;
