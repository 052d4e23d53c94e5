package auth

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	oauth "github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/target"
)

// LoginOptions are what `toolbench auth login` runs with.
type LoginOptions struct {
	IO    *iostreams.Streams
	Login func(ctx context.Context, serverURL string, o oauth.Options) (oauth.Status, error)
	// Target is the server; Auth the flow's options, the agent included.
	Target target.Target
	Auth   oauth.Options
	JSON   bool
	// Now is the clock the expiry is told against.
	Now func() time.Time
}

// NewCmdLogin is `toolbench auth login`, writing to io, naming the server
// and reading the OAuth flags through w and logging in with api.Login.
// runF, when a test gives one, gets the parsed options instead of the run.
func NewCmdLogin(io *iostreams.Streams, w Wiring, api *reach.AuthAPI, runF func(*LoginOptions) error) *cobra.Command {
	opts := &LoginOptions{IO: io, Login: api.Login, Now: time.Now}
	var tf authTargetFlags
	var af LoginFlags
	cmd := &cobra.Command{
		Use:   "login [flags] TARGET",
		Short: "Log in at an OAuth-protected server now and store the token",
		Long: `Log in at the MCP server TARGET (a URL, or the name of a server in your
config files) whatever is stored: discover its authorization server,
register or use the client given, send you to the authorization URL (or,
with --grant client-credentials, ask for a token as a machine client), and
store the token. It prints the issuer, the client, the scopes, the expiry and
the token's last four characters; --json prints them as JSON.`,
		Args: authArgs(1, 2, "toolbench auth login [flags] TARGET"),
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := tf.parse(w, "login", args)
			if err != nil {
				return err
			}
			base, err := authBase(t)
			if err != nil {
				return err
			}
			opts.Target = t
			if opts.Auth, err = af.Options(t, tf.settings(), base); err != nil {
				return err
			}
			opts.Auth.FollowRedirects = t.FollowRedirects
			w.Announce(t)
			if runF != nil {
				return runF(opts)
			}
			return authLoginRun(cmd.Context(), opts)
		},
	}
	cmd.Example = exampleAuthLogin
	tf.addFlags(cmd.Flags())
	af = w.LoginFlags(cmd.Flags())
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print what was stored as JSON (the token masked)")
	return cmd
}

func authLoginRun(ctx context.Context, opts *LoginOptions) error {
	st, err := opts.Login(ctx, opts.Target.URL, opts.Auth)
	if err != nil {
		return asLoginError(fmt.Errorf("log in at %s: %w", target.Redact(opts.Target.URL), err))
	}
	if opts.JSON {
		return iostreams.WriteJSON(opts.IO.Out, toStatusJSON(st))
	}
	safe := iostreams.TextFor(opts.IO)
	out := opts.IO.Out
	fmt.Fprintf(out, "logged in at %s\n", safe(st.Resource))
	fmt.Fprintf(out, "  issuer:   %s\n", safe(st.Issuer))
	fmt.Fprintf(out, "  client:   %s (%s)\n", safe(st.ClientID), safe(orWord(st.ClientSource, "source unknown")))
	fmt.Fprintf(out, "  scopes:   %s\n", safe(orWord(strings.Join(st.Scopes, " "), "(none named)")))
	fmt.Fprintf(out, "  expires:  %s\n", expiryWords(st.Expiry, opts.Now()))
	fmt.Fprintf(out, "  token:    %s\n", safe(orWord(st.AccessToken, "(none)")))
	fmt.Fprintf(out, "  refresh:  %s\n", yesNo(st.Refreshable))
	return nil
}

// expiryWords says when a token expires, from now: "in 59m (15:30 UTC)",
// "expired 3m ago", or "not said" when the server did not say.
func expiryWords(expiry, now time.Time) string {
	if expiry.IsZero() {
		return "not said"
	}
	d := expiry.Sub(now).Round(time.Second)
	at := expiry.UTC().Format("2006-01-02 15:04 UTC")
	if d < 0 {
		return fmt.Sprintf("expired %s ago (%s)", shortDuration(-d), at)
	}
	return fmt.Sprintf("in %s (%s)", shortDuration(d), at)
}

// expiresIn is expiryWords without the time, for a table cell.
func expiresIn(expiry, now time.Time) string {
	if expiry.IsZero() {
		return "-"
	}
	d := expiry.Sub(now).Round(time.Second)
	if d < 0 {
		return "expired"
	}
	return shortDuration(d)
}

// shortDuration is d in its two largest units: "59m", "2h5m", "3d4h".
func shortDuration(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh%dm", int(d.Hours()), int(d.Minutes())%60)
	}
	return fmt.Sprintf("%dd%dh", int(d.Hours())/24, int(d.Hours())%24)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// orWord is s, or what stands in for it when it is empty.
func orWord(s, instead string) string {
	if s == "" {
		return instead
	}
	return s
}
