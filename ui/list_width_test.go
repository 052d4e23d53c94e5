package ui

import (
	"strconv"
	"strings"
	"testing"
)

// TestListTellsToolsApart loads the tool lists of real servers and reads
// the list pane: every row names a different tool, the rows the issue
// found cut alike read whole, and the pane grows for long names but
// leaves the detail pane its room.
func TestListTellsToolsApart(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file   string
		width  int
		list   int // the list pane's width
		whole  []string
		titled []string
	}{
		{"testdata/corpus/github.tools.json", 80, 36, []string{"get_pull_request_files", "get_pull_request_status",
			"get_pull_request_comments", "get_pull_request_reviews", "update_pull_request_branch"}, nil},
		{"testdata/corpus/github.tools.json", 200, 36, []string{"create_pull_request_review", "get_pull_request_comments"}, nil},
		{"testdata/corpus/github.tools.json", 60, 24, nil, nil},
		{"testdata/corpus/notion.tools.json", 80, 39, []string{"API-retrieve-a-database", "API-retrieve-a-data-source",
			"API-retrieve-a-page-property"}, nil},
		{"testdata/corpus/notion.tools.json", 120, 40, []string{"API-list-data-source-templates"},
			[]string{"API-get-user  Retrieve A User"}},
		{"../schemaform/testdata/servers/everything.tools.json", 80, 39, []string{"get-resource-links", "get-resource-reference"}, nil},
		{"../schemaform/testdata/servers/everything.tools.json", 120, 44, nil,
			[]string{"trigger-long-running-operation", "get-sum  Get Sum Tool"}},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+strconv.Itoa(tt.width), func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, newFakeSession(t, tt.file))
			h.resize(tt.width, 40)
			if got, _ := h.m.paneWidths(); got != tt.list {
				t.Errorf("the list is %d wide, want %d", got, tt.list)
			}
			// The list is 24 wide at least and leaves the detail pane 40.
			if _, dw := h.m.paneWidths(); tt.width >= 24+1+40 && dw < 40 {
				t.Errorf("the detail pane is %d wide, less than %d", dw, 40)
			}
			rows := listRows(h)
			if len(rows) != h.m.toolCount() {
				t.Fatalf("%d rows for %d tools:\n%s", len(rows), h.m.toolCount(), strings.Join(rows, "\n"))
			}
			seen := map[string]bool{}
			for _, r := range rows {
				name := strings.Fields(r)[0]
				if seen[name] {
					t.Errorf("two rows read %q:\n%s", name, strings.Join(rows, "\n"))
				}
				seen[name] = true
			}
			for _, name := range tt.whole {
				if !seen[name] {
					t.Errorf("%q is not shown whole:\n%s", name, strings.Join(rows, "\n"))
				}
			}
			for _, want := range tt.titled {
				if !strings.Contains(strings.Join(rows, "\n"), want) {
					t.Errorf("no row reads %q:\n%s", want, strings.Join(rows, "\n"))
				}
			}
		})
	}
}

// listRows are the tool rows of the list pane as drawn, the cursor's
// mark dropped.
func listRows(h *harness) []string {
	var rows []string
	lw, _ := h.m.paneWidths()
	for _, l := range strings.Split(h.view(), "\n")[2:] {
		r := []rune(l)
		if len(r) < lw {
			continue
		}
		row := strings.TrimSpace(string(r[2:lw]))
		if row == "" {
			break
		}
		rows = append(rows, row)
	}
	return rows
}
