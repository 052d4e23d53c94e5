package reach

import (
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/toolbench/toolbench/cli/suggest"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/target"
)

// unknownServer refuses a lone word that is neither a server of the
// config files nor a command on PATH, when a configured name is close to
// it: `tools everythng` means the configured everything, and starting it
// would only say that no such command exists.
func unknownServer(p target.Parser, t target.Target, configFile string) error {
	if t.Transport != target.Stdio || t.Name != "" || len(t.Args) > 0 || strings.ContainsRune(t.Command, filepath.Separator) {
		return nil
	}
	if _, err := exec.LookPath(t.Command); err == nil {
		return nil
	}
	near := suggest.Nearest(p.Names(configFile), t.Command, 3)
	if len(near) == 0 {
		return nil
	}
	return usage.Errorf("%q is neither a server of your config files nor a command on PATH; did you mean the configured server %s?",
		t.Command, strings.Join(suggest.QuoteAll(near), ", "))
}
