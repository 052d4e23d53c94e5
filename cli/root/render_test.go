package root

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/testkit"
)

// TestPrintResultAnnotations: a block's annotations are under it, in the
// words the workbench's Result tab uses (server-everything's
// get-annotated-message sends these).
func TestPrintResultAnnotations(t *testing.T) {
	t.Parallel()
	res, err := client.ParseCallResult(json.RawMessage(`{"content":[` +
		`{"type":"text","text":"Error: Operation failed","annotations":{"priority":1,"audience":["user","assistant"]}},` +
		`{"type":"text","text":"plain"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var out testkit.Buffer
	printResult(&streams{Out: &out}, res, check.OutputVerdict{})
	want := "── content[0] text ──\nError: Operation failed\naudience: user, assistant · priority: 1\n── content[1] text ──\nplain\n"
	if !strings.HasPrefix(out.String(), want) {
		t.Errorf("got:\n%s\nwant it to start:\n%s", out.String(), want)
	}
}
