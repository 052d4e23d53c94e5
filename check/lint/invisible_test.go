package lint

import (
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"
)

func TestInvisibleTextRules(t *testing.T) {
	t.Parallel()
	const schema = `{"type": "object", "properties": {}, "additionalProperties": false}`
	tl := func(name, desc string) string {
		return `{"name": "` + name + `", "description": "` + desc + `", "inputSchema": ` + schema + `}`
	}
	param := func(key, title, desc string) string {
		return `{"name": "t", "description": "` + goodDescription + `", "inputSchema": {"type": "object", "properties": {"` + key +
			`": {"type": "string", "title": "` + title + `", "description": "` + desc + `"}}, "required": ["` + key + `"], "additionalProperties": false}}`
	}
	runRuleCases(t, []ruleCase{
		{"zero-width space in the name", tl(`get\u200bdata`, goodDescription), ruleTextInvisible, check.Warning, "/name", ""},
		{"word joiner in the description", tl("t", goodDescription+`\u2060`), ruleTextInvisible, check.Warning, "/description", ""},
		{"tag characters in the description", tl("t", goodDescription+`\udb40\udc69\udb40\udc67`), ruleTextTagChars, check.Error, "/description", ""},
		{"tag characters are not also invisible", tl("t", goodDescription+`\udb40\udc69`), ruleTextInvisible, 0, "", ""},
		{"soft hyphen in a parameter description", param("id", "Id", `The record's id, e.g. rec\u00ad_42.`), ruleTextInvisible, check.Warning, "/inputSchema/properties/id/description", "/id"},
		{"separator in a parameter title", param("id", `Record\u2028id`, "The record's id, e.g. rec_42."), ruleTextInvisible, check.Warning, "/inputSchema/properties/id/title", "/id"},
		{"byte-order mark in a parameter name", param(`\ufeffid`, "Id", "The record's id, e.g. rec_42."), ruleTextInvisible, check.Warning, "/inputSchema/properties/\ufeffid", ""},
		{"emoji are visible", tl("t", goodDescription+` \u2764\ufe0f \ud83d\udc68\u200d\ud83d\udc69`), ruleTextInvisible, 0, "", ""},
	})
}

// The finding names each character and where it is, and spells out what
// tag characters say.
func TestInvisibleTextEvidence(t *testing.T) {
	t.Parallel()
	fs := Check(loadTools(t, "invisible.json"))
	var msgs []string
	for _, f := range fs {
		if f.Rule == ruleTextInvisible.String() || f.Rule == ruleTextTagChars.String() {
			msgs = append(msgs, f.Pointer+": "+f.Message)
		}
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{
		`/name: the tool name holds an invisible character (U+200B at byte 3)`,
		`/description: the description holds 6 Unicode tag characters (U+E0069 at byte 87, U+E0067 at byte 91`,
		`reads "ignore" to a model`,
		`/inputSchema/properties/id/title: the title holds an invisible character (U+2060 at byte 6)`,
		`U+00AD`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("findings lack %q:\n%s", want, all)
		}
	}
}
