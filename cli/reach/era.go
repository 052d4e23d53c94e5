package reach

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/client/eracache"
)

// eraFlags choose the protocol era of a connection.
type eraFlags struct {
	protocol string
}

func (e *eraFlags) addFlags(fs *pflag.FlagSet) {
	fs.StringVar(&e.protocol, "protocol", client.ProtocolAuto,
		"protocol era: auto (probe, remember per server), legacy (initialize at once), modern (2026-07-28 or fail), or a version ("+
			strings.Join(client.KnownVersions(), ", ")+")")
}

// apply checks --protocol and gives opts the protocol and the era store
// under the user's cache directory. A store that cannot be read is
// replaced with an empty one and said so on stderr: it only saves time.
func (e *eraFlags) apply(f *Factory, opts *client.Options) error {
	if err := client.CheckProtocol(e.protocol); err != nil {
		return usage.Errorf("--protocol %q: want auto, legacy, modern or one of the versions toolbench knows: %s",
			e.protocol, strings.Join(client.KnownVersions(), ", "))
	}
	opts.Protocol = e.protocol
	path, err := eracache.DefaultPath()
	if err != nil {
		fmt.Fprintf(f.IO.Err, "toolbench: warning: %v; eras are not remembered\n", err)
		return nil
	}
	store, warn := eracache.Open(path)
	if warn != nil {
		fmt.Fprintf(f.IO.Err, "toolbench: warning: %v\n", warn)
	}
	opts.Eras = store
	return nil
}
