// Package host answers "will this server's tools work in Claude Code,
// ChatGPT, Cursor, VS Code, Codex, Gemini CLI…?": a catalogue of what each
// host does to a server's tools (rules with the host's behaviour, the fix,
// the source and the date it was seen) and the verdicts it leads to for one
// server: works, degraded, hidden, rejected or unknown, per tool and host,
// with a server-level row first because many hosts drop a whole server
// over one tool.
//
// Judge reads a tools/list answer (statically); JudgeLists and JudgeResult
// read what a live server answered (list results on an era, call results).
// View shows a tool as a host hands it to its model. A behaviour the
// catalogue could not source is never a verdict: the cell says "unknown"
// and what is not known.
//
// The catalogue is evidence encoded by hand from public sources (host
// repositories at a commit, issues and pull requests with their dates,
// documentation pages); every Effect names its Sources, and a test keeps
// them non-empty.
package host
