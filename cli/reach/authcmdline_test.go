package reach

import (
	"testing"

	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// TestLoginCommandQuotesLikeCopy: the login line a person is told to
// paste quotes with the same rule as the copied call: a URL's own '$' and
// '!' stay literal beside the variables that stand for its secrets.
func TestLoginCommandQuotesLikeCopy(t *testing.T) {
	t.Parallel()
	var a authFlags
	tgt := target.Target{Transport: target.StreamableHTTP, URL: "https://h.example/a!b?q=${HOME}&api_key=K9"}
	got := a.loginCommand(tgt, target.Settings{})
	want := `toolbench auth login http 'https://h.example/a!b?q=${HOME}&api_key='"$API_KEY"`
	if got != want {
		t.Errorf("login line\n got %s\nwant %s", got, want)
	}
	read := testkit.ShellWords(t, got, map[string]string{"API_KEY": "K9", "HOME": "/home/x"})
	if last := read[len(read)-1]; last != "https://h.example/a!b?q=${HOME}&api_key=K9" {
		t.Errorf("sh reads the URL as %q", last)
	}
}
