// The server's `instructions`: what a model should know before its first call.
export const INSTRUCTIONS = `Barscript runs trading scripts over market data. Scripts are written in a dialect of Pine Script v6 (TradingView's language): indicators plot outputs, definitions raise events, studies measure what follows events.

Before writing a script, call read_docs with no topic, then read the topics "tour" and "differences" (what differs from TradingView); "indicators", "definitions" and "studies" explain each kind, and "diagnostics" every error code.

A typical flow: find_instruments (which symbols and timeframes have bars) -> validate_script (fix diagnostics by line and column) -> save_script -> start_run (waits up to 60 s) -> get_results (a summary by default: count, first and last points, min/max/mean per output; mode="page" for the points themselves). search_library and get_library_script show public scripts to learn from or import.

Every answer is bounded: long lists come in pages (pass next_cursor as cursor) and long texts in parts (pass next_offset as offset). A refusal is a tool error whose text starts "Error <code>:", e.g. "Error not_found: ..." or "Error invalid_request: ..."; fix the call before retrying, except for rate_limited and busy (wait, then retry).`;
