package auth

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	oauth "github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/store"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/target"
)

// LogoutOptions are what `toolbench auth logout` runs with.
type LogoutOptions struct {
	IO     *iostreams.Streams
	Logout func(ctx context.Context, st *store.Store, serverURL string, o oauth.Options) (int, error)
	Store  *store.Store
	Target target.Target
	// Auth carries the revocation requests: TLS settings and observer.
	Auth oauth.Options
}

// NewCmdLogout is `toolbench auth logout`, writing to io, naming the
// server through w and forgetting with api.Logout in api.Store. runF, when
// a test gives one, gets the parsed options instead of the run.
func NewCmdLogout(io *iostreams.Streams, w Wiring, api *reach.AuthAPI, runF func(*LogoutOptions) error) *cobra.Command {
	opts := &LogoutOptions{IO: io, Logout: api.Logout}
	var tf authTargetFlags
	cmd := &cobra.Command{
		Use:   "logout [flags] TARGET",
		Short: "Forget the OAuth tokens stored for a server, revoking them where it can",
		Long: `Forget what toolbench stores for the MCP server TARGET: its clients and
tokens at every authorization server, revoking the tokens where the
authorization server offers revocation. It says how many entries it
removed; none is not an error.`,
		Args: authArgs(1, 2, "toolbench auth logout [flags] TARGET"),
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := tf.parse(w, "logout", args)
			if err != nil {
				return err
			}
			st, err := api.Store()
			if err != nil {
				return fmt.Errorf("token store: %w", err)
			}
			base, err := authBase(t)
			if err != nil {
				return err
			}
			opts.Target, opts.Store = t, st
			opts.Auth = oauth.Options{Store: st, Base: base, Observe: w.Observer(), FollowRedirects: t.FollowRedirects}
			w.Announce(t)
			if runF != nil {
				return runF(opts)
			}
			return authLogoutRun(cmd.Context(), opts)
		},
	}
	cmd.Example = exampleAuthLogout
	tf.addFlags(cmd.Flags())
	return cmd
}

func authLogoutRun(ctx context.Context, opts *LogoutOptions) error {
	url := target.Redact(opts.Target.URL)
	n, err := opts.Logout(ctx, opts.Store, opts.Target.URL, opts.Auth)
	if err != nil {
		return asLoginError(fmt.Errorf("log out of %s: %w", url, err))
	}
	if n == 0 {
		fmt.Fprintf(opts.IO.Out, "nothing was stored for %s; nothing removed\n", url)
		return nil
	}
	fmt.Fprintf(opts.IO.Out, "removed %s for %s from %s\n", plural.Count(n, "entry"), url, opts.Store.Path())
	return nil
}
