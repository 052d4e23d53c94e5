package reach

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/adrg/xdg"

	"github.com/toolbench/toolbench/config"
	"github.com/toolbench/toolbench/target"
)

// shadowNotice is the warning for a server whose name a project's file
// (./.mcp.json, ./.vscode/mcp.json, ./.cursor/mcp.json) takes from a file
// of the person's own: a cloned repository can define `github` and run
// its own command in place of theirs. It names both files, what will run
// (secrets masked) and how to keep their own; "" when nothing is shadowed.
func shadowNotice(t target.Target) string {
	if !config.IsProjectFile(t.Source) {
		return ""
	}
	var own []string
	for _, s := range t.Shadows {
		if !config.IsProjectFile(s) {
			own = append(own, ShortPath(s))
		}
	}
	if len(own) == 0 {
		return ""
	}
	verb := "it runs"
	if t.Transport != target.Stdio {
		verb = "it connects to"
	}
	what := string(t.Secrets().ScrubText([]byte(t.String())))
	return fmt.Sprintf("%s comes from %s (project), shadowing %s (yours); %s: %s\n"+
		"  to use yours: --config %s, or \"projectFiles\": false in %s",
		t.Name, ShortPath(t.Source), strings.Join(own, ", "), verb, what, own[0], ShortPath(config.OwnFile(xdg.ConfigHome)))
}

// ShortPath writes a path as a person reads it: ./ before a relative
// one, ~ for the home directory.
func ShortPath(p string) string {
	if !filepath.IsAbs(p) {
		return "./" + filepath.Clean(p)
	}
	if home, err := os.UserHomeDir(); err == nil && home != "" && strings.HasPrefix(p, home+string(filepath.Separator)) {
		return "~" + p[len(home):]
	}
	return p
}
