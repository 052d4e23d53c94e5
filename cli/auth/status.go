package auth

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	oauth "github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/store"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/target"
)

// StatusOptions are what `toolbench auth status` runs with.
type StatusOptions struct {
	IO       *iostreams.Streams
	StatusOf func(st *store.Store, serverURL string) ([]oauth.Status, error)
	Store    *store.Store
	// Target is the server asked about; nil asks about every one.
	Target *target.Target
	JSON   bool
	Now    func() time.Time
}

// NewCmdStatus is `toolbench auth status`, writing to io, naming the
// server through w and reading api.Store with api.StatusOf. runF, when a
// test gives one, gets the parsed options instead of the run.
func NewCmdStatus(io *iostreams.Streams, w Wiring, api *reach.AuthAPI, runF func(*StatusOptions) error) *cobra.Command {
	opts := &StatusOptions{IO: io, StatusOf: api.StatusOf, Now: time.Now}
	var tf authTargetFlags
	cmd := &cobra.Command{
		Use:   "status [flags] [TARGET]",
		Short: "Show the OAuth tokens stored, for one server or all",
		Long: `Show what toolbench stores for the MCP server TARGET, or for every server:
resource, issuer, client, scopes, when the token expires, whether it can be
refreshed, and when it was saved. No token is shown. It exits 0 whether or
not anything is stored (a CI check can test 'toolbench auth status --json
TARGET | jq -e ".entries | length > 0"').`,
		Args: authArgs(0, 2, "toolbench auth status [flags] [TARGET]"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				t, err := tf.parse(w, "status", args)
				if err != nil {
					return err
				}
				opts.Target = &t
			}
			st, err := api.Store()
			if err != nil {
				return fmt.Errorf("token store: %w", err)
			}
			opts.Store = st
			if runF != nil {
				return runF(opts)
			}
			return authStatusRun(cmd.Context(), opts)
		},
	}
	cmd.Example = exampleAuthStatus
	cmd.Flags().StringVar(&tf.config, "config", "", "look server names up in this `file` first (mcpServers JSON)")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, `print {"store": PATH, "entries": [...]}, no token in it`)
	return cmd
}

func authStatusRun(_ context.Context, opts *StatusOptions) error {
	url := ""
	if opts.Target != nil {
		url = opts.Target.URL
	}
	list, err := opts.StatusOf(opts.Store, url)
	if err != nil {
		return fmt.Errorf("read the token store %s: %w", opts.Store.Path(), err)
	}
	if opts.JSON {
		entries := make([]statusJSON, len(list))
		for i, s := range list {
			entries[i] = toStatusJSON(s)
		}
		return iostreams.WriteJSON(opts.IO.Out, map[string]any{"store": opts.Store.Path(), "entries": entries})
	}
	if len(list) == 0 {
		what := "any server"
		if opts.Target != nil {
			what = target.Redact(url)
		}
		fmt.Fprintf(opts.IO.Out, "nothing stored for %s (in %s); log in with `toolbench auth login TARGET`\n", what, opts.Store.Path())
		return nil
	}
	printStatus(opts.IO, list, opts.Now())
	return nil
}

// printStatus is the table of stored entries.
func printStatus(st *iostreams.Streams, list []oauth.Status, now time.Time) {
	safe := iostreams.TextFor(st)
	tb := iostreams.NewTable(iostreams.Keep("RESOURCE"), iostreams.Shorten("ISSUER", 15), iostreams.Shorten("CLIENT", 10), iostreams.Optional("SCOPES", 10), iostreams.Keep("EXPIRES IN"),
		iostreams.Keep("REFRESH"), iostreams.Optional("SAVED", 16))
	for _, s := range list {
		saved := "-"
		if !s.Saved.IsZero() {
			saved = s.Saved.Local().Format("2006-01-02 15:04")
		}
		tb.Row(safe(s.Resource), safe(s.Issuer), safe(orWord(s.ClientID, "-")), safe(orWord(strings.Join(s.Scopes, " "), "-")),
			expiresIn(s.Expiry, now), yesNo(s.Refreshable), saved)
	}
	tb.Write(st)
}
