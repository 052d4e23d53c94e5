package host

import (
	"strings"
	"testing"
)

// longTool is 60 characters: over every host's limit once prefixed with
// "crm", not on its own.
const longTool = "export_customer_invoices_as_spreadsheet_grouped_by_region_da"

// TestModelName checks every host's template on a plain name, a dotted name
// and a long one, for the server key "crm". The hash suffixes were worked
// out apart from the code (SHA-1 of the raw qualified name).
func TestModelName(t *testing.T) {
	t.Parallel()
	cases := []struct {
		host                ID
		known               bool
		plain, dotted, long string
	}{
		{ClaudeCode, true, "mcp__crm__get_user", "mcp__crm__get.user", "mcp__crm__" + longTool},
		{ClaudeDesktop, false, "get_user", "get.user", longTool},
		{ChatGPT, false, "get_user", "get.user", longTool},
		{Cursor, false, "get_user", "get.user", longTool},
		{VSCode, true, "mcp_crm_get_user", "mcp_crm_get_user", "mcp_crm_export_customer_invoices_as_spreadsheet_grouped_by_regio"},
		{Codex, true, "mcp__crm__get_user", "mcp__crm__get_user", "mcp__crm__export_customer_invoices_as_spreadsheet_g_5a0b2278c65d"},
		{GeminiCLI, true, "mcp_crm_get_user", "mcp_crm_get.user", "mcp_crm_export_customer_invoic...readsheet_grouped_by_region_da"},
		{Windsurf, true, "mcp0_get_user", "mcp0_get.user", "mcp0_" + longTool},
		{Cline, true, "crm__get_user", "crm__get_user_3be26705", "crm__export_customer_invoices_as_spreadsheet_grouped_by_dd146c29"},
		{Goose, true, "crm__get_user", "crm__get.user", "crm__" + longTool},
		{Zed, false, "get_user", "get.user", longTool},
		{LibreChat, true, "get_user_mcp_crm", "get.user_mcp_crm", longTool + "_mcp_crm"},
		{OpenCode, true, "mcp__crm__get_user", "mcp__crm__get_user", "mcp__crm__" + longTool},
		{Continue, true, "crm_get_user", "crm_get.user", "crm_" + longTool},
	}
	if len(cases) != len(IDs()) {
		t.Fatalf("%d cases for %d hosts: every host needs its row", len(cases), len(IDs()))
	}
	for _, c := range cases {
		t.Run(string(c.host), func(t *testing.T) {
			t.Parallel()
			for tool, want := range map[string]string{"get_user": c.plain, "get.user": c.dotted, longTool: c.long} {
				got := ModelName(c.host, "crm", tool)
				if got.Model != want || got.Known != c.known {
					t.Errorf("ModelName(%s, crm, %s) = %q (known %v), want %q (known %v)", c.host, tool, got.Model, got.Known, want, c.known)
				}
				checkChanges(t, got, tool)
			}
		})
	}
}

// checkChanges: a renamed tool says how, with sources; an unchanged one
// says nothing; a known naming always has its sources.
func checkChanges(t *testing.T, n Name, tool string) {
	t.Helper()
	if n.Known && len(n.Sources) == 0 {
		t.Errorf("%s: known naming without sources", n.Model)
	}
	renamed := n.Model != tool
	if renamed != (len(n.Changes) == 1) {
		t.Errorf("%s from %s: changes %+v", n.Model, tool, n.Changes)
		return
	}
	if renamed && (n.Changes[0].Pointer != "/name" || len(n.Changes[0].Sources) == 0 || !strings.Contains(n.Changes[0].What, n.Model)) {
		t.Errorf("%s from %s: change %+v lacks the pointer, the new name or sources", n.Model, tool, n.Changes[0])
	}
}

// TestModelNameEdges covers the corners the sources spell out: VS Code
// cuts the label to 13 characters and turns its dots into _, Gemini CLI
// adds no second mcp_, Continue keeps a tool that already starts with its
// prefix.
func TestModelNameEdges(t *testing.T) {
	t.Parallel()
	cases := []struct {
		host         ID
		server, tool string
		want         string
	}{
		{VSCode, "Docs.Server Production", "get_user", "mcp_docs_server_p_get_user"},
		{VSCode, "crm", "get user/now", "mcp_crm_get_user_now"},
		{GeminiCLI, "mcp_crm", "get_user", "mcp_crm_get_user"},
		{GeminiCLI, "crm", "get user", "mcp_crm_get_user"},
		{Continue, "crm", "crm_get", "crm_get"},
		{Continue, "My CRM", "get", "my_crm_get"},
		{Goose, "My Ext.v2", "get", "myext_v2__get"},
		{OpenCode, "my.crm", "get.user", "mcp__my_crm__get_user"},
	}
	for _, c := range cases {
		t.Run(string(c.host)+"/"+c.server+"/"+c.tool, func(t *testing.T) {
			t.Parallel()
			if got := ModelName(c.host, c.server, c.tool).Model; got != c.want {
				t.Errorf("ModelName(%s, %q, %q) = %q, want %q", c.host, c.server, c.tool, got, c.want)
			}
		})
	}
}
