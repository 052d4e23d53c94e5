package reach

import (
	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
)

// limitFlags bound what a server can make one request cost: how long
// progress may keep it alive, and how many questions it may ask.
type limitFlags struct {
	maxDuration string
	maxAsks     int
}

func (l *limitFlags) addFlags(fs *pflag.FlagSet) {
	fs.StringVar(&l.maxDuration, "max-duration", "",
		"end a request after this long however it progresses (default 10x --timeout); time spent answering its asks does not count")
	fs.IntVar(&l.maxAsks, "max-asks", client.DefaultMaxAsks,
		"end a request whose server asks (elicitation, sampling, roots) more than `N` times during it")
}

// apply checks the flags and puts them into opts.
func (l *limitFlags) apply(opts *client.Options) error {
	if l.maxAsks <= 0 {
		return usage.Errorf("--max-asks %d: must be at least 1", l.maxAsks)
	}
	opts.MaxAsks = l.maxAsks
	if l.maxDuration == "" {
		return nil
	}
	d, err := parseDuration("--max-duration", l.maxDuration)
	if err != nil {
		return err
	}
	if d < opts.Timeout {
		return usage.Errorf("--max-duration %s is shorter than --timeout %s; it bounds how far progress extends the timeout", d, opts.Timeout)
	}
	opts.MaxDuration = d
	return nil
}
