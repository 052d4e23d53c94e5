package host

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
)

// reReadLike finds a name or title that starts with a reading verb as a
// whole word: get_user, listItems, "Search docs", fetch-page; not listen,
// reader or showcase.
var reReadLike = regexp.MustCompile(`^(?i:get|list|search|read|find|fetch|describe|show|query)(?:$|[^a-z])`)

var _ = add(&Rule{
	ID:      "annotations.readOnlyHint-missing",
	Summary: "A tool that reads (its name or title starts get, list, search, read, find, fetch, describe, show or query) does not say readOnlyHint: true.",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: VSCode, Verdict: Degraded,
			Does:    "Asks the person to confirm every call, because only a readOnlyHint tool skips the confirmation.",
			Fix:     `Add "annotations": {"readOnlyHint": true} if the tool only reads.`,
			Sources: []Source{{Ref: "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpLanguageModelToolContribution.ts @027907c (prepareToolInvocation)", Date: "2026"}}, Seen: "2026"},
		{Host: ChatGPT, Verdict: Degraded,
			Does:    `Shows an "Are you sure?" prompt, which it skips only when readOnlyHint is true.`,
			Fix:     `Add "annotations": {"readOnlyHint": true} if the tool only reads.`,
			Sources: []Source{{Ref: "https://developers.openai.com/apps-sdk/reference", Date: "2026"}}, Seen: "2026"},
		{Host: GeminiCLI, Verdict: Degraded,
			Does:    "Denies the tool in Plan mode, which allows only MCP tools with readOnlyHint: true.",
			Fix:     `Add "annotations": {"readOnlyHint": true} if the tool only reads.`,
			Sources: []Source{{Ref: "google-gemini/gemini-cli packages/core/src/policy/policies/plan.toml @5411f11 L76-93", Date: "2026-08-21"}}, Seen: "2026-08"},
	},
	Others:   Unknown,
	NotKnown: "No source says whether HOST asks before calling a tool without readOnlyHint.",
	detect:   detectReadOnlyMissing,
})

// detectReadOnlyMissing finds a read-like tool whose readOnlyHint is absent
// or false.
func detectReadOnlyMissing(s *Subject) []Hit {
	t := s.Tool
	word := t.Name
	if !reReadLike.MatchString(word) {
		word = t.DisplayTitle()
		if !reReadLike.MatchString(word) {
			return nil
		}
	}
	hint := t.Annotations.ReadOnlyHint
	if hint != nil && *hint {
		return nil
	}
	got := "no readOnlyHint"
	if hint != nil {
		got = "readOnlyHint: false"
	}
	return []Hit{{Tool: t.Name, Pointer: "/annotations",
		Detail: fmt.Sprintf("%q reads like a tool that only reads, and it has %s", word, got)}}
}

// An app-only tool is hidden from the model on purpose: the catalogue
// calls it INFO. Its verdict is still Hidden, because the model cannot
// call it, which is the question the matrix answers; Does says it is by
// design and Fix says nothing needs fixing when that is the intent. A
// host that reads one key is judged by that key alone: VS Code by
// _meta.ui.visibility, ChatGPT by _meta["openai/visibility"].
var _ = add(&Rule{
	ID:      "visibility.app-only",
	Summary: "The tool's _meta keeps it from the model: _meta.ui.visibility without \"model\", or _meta[\"openai/visibility\"]: \"private\".",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: VSCode, Verdict: Hidden,
			Does: "Does not register the tool with the model, by design: only the MCP App can call it.",
			Fix:  `Nothing, if the tool is meant for the app only; otherwise add "model" to _meta.ui.visibility.`,
			Sources: []Source{{Ref: "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpLanguageModelToolContribution.ts @027907c", Date: "2026"},
				{Ref: "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts (_normalizeTool)", Date: "2026"}},
			Seen: "2026", applies: onPointer(ptrUIVisibility)},
		{Host: ChatGPT, Verdict: Hidden,
			Does:    "Hides the tool from the model, by design: only the widget can call it.",
			Fix:     `Nothing, if the tool is meant for the widget only; otherwise set _meta["openai/visibility"] to "public".`,
			Sources: []Source{{Ref: "https://developers.openai.com/apps-sdk/reference", Date: "2026"}},
			Seen:    "2026", applies: onPointer(ptrOpenAIVisibility)},
	},
	Others:   Unknown,
	NotKnown: "No source says whether HOST keeps an app-only tool from its model.",
	detect:   detectAppOnly,
})

// Where each visibility key lives in the tool object.
const (
	ptrUIVisibility     = "/_meta/ui/visibility"
	ptrOpenAIVisibility = "/_meta/openai~1visibility"
)

// detectAppOnly finds each visibility key that leaves the model out.
func detectAppOnly(s *Subject) []Hit {
	if len(s.Tool.Meta) == 0 {
		return nil
	}
	var m struct {
		UI *struct {
			Visibility []string `json:"visibility"`
		} `json:"ui"`
		OpenAI string `json:"openai/visibility"`
	}
	_ = json.Unmarshal(s.Tool.Meta, &m)
	var hits []Hit
	if m.UI != nil && m.UI.Visibility != nil && !slices.Contains(m.UI.Visibility, "model") {
		hits = append(hits, Hit{Tool: s.Tool.Name, Pointer: ptrUIVisibility,
			Detail: fmt.Sprintf("_meta.ui.visibility is %q, without \"model\"", m.UI.Visibility)})
	}
	if m.OpenAI == "private" {
		hits = append(hits, Hit{Tool: s.Tool.Name, Pointer: ptrOpenAIVisibility,
			Detail: `_meta["openai/visibility"] is "private"`})
	}
	return hits
}

// onPointer holds for the hit at one pointer: each host reads its own key.
func onPointer(ptr string) func(*Subject, Hit) (string, bool) {
	return func(_ *Subject, h Hit) (string, bool) { return "", h.Pointer == ptr }
}
