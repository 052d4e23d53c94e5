package auth

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/pflag"

	oauth "github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/auth/store"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// fakeWiring names servers as cli/root does, from no config file, and
// gives a login the one flag --client-id.
type fakeWiring struct {
	// announced are the URLs of the servers Announce was told of.
	announced []string
}

func (w *fakeWiring) Parse(words []string, s target.Settings) (target.Target, error) {
	return target.Parser{ConfigPaths: func() []string { return nil }}.Parse(words, s)
}

func (w *fakeWiring) Announce(t target.Target) { w.announced = append(w.announced, t.URL) }

func (w *fakeWiring) Observer() step.Observer { return func(step.Event) {} }

func (w *fakeWiring) LoginFlags(fs *pflag.FlagSet) LoginFlags {
	l := &fakeLogin{}
	fs.StringVar(&l.clientID, "client-id", "", "the client")
	return l
}

// fakeLogin puts --client-id and the target into the login's options.
type fakeLogin struct{ clientID string }

func (l *fakeLogin) Options(t target.Target, _ target.Settings, base http.RoundTripper) (oauth.Options, error) {
	return oauth.Options{ClientID: l.clientID, Base: base, LoginCommand: "toolbench auth login " + t.URL}, nil
}

// fakeAPI is the auth package as a test scripts it: what Login, StatusOf
// and Logout return, and what they were asked.
type fakeAPI struct {
	status []oauth.Status
	err    error
	n      int

	gotURL  string
	gotOpts oauth.Options
}

// api is the fake, with a store under dir.
func (a *fakeAPI) api(dir string) *reach.AuthAPI {
	return &reach.AuthAPI{
		Store: func() (*store.Store, error) { return store.At(filepath.Join(dir, "oauth.json")), nil },
		Login: func(_ context.Context, u string, o oauth.Options) (oauth.Status, error) {
			a.gotURL, a.gotOpts = u, o
			if len(a.status) == 0 {
				return oauth.Status{}, a.err
			}
			return a.status[0], a.err
		},
		StatusOf: func(_ *store.Store, u string) ([]oauth.Status, error) { a.gotURL = u; return a.status, a.err },
		Logout: func(_ context.Context, _ *store.Store, u string, o oauth.Options) (int, error) {
			a.gotURL, a.gotOpts = u, o
			return a.n, a.err
		},
	}
}

// result is what a run of toolbench auth wrote, and its error.
type result struct {
	out string
	err error
	// announced are the servers the run announced.
	announced []string
}

// runAuth runs `toolbench auth ARGS` on the fake with its store under dir.
func runAuth(fa *fakeAPI, dir string, args ...string) result {
	var out, errOut testkit.Buffer
	w := &fakeWiring{}
	cmd := NewCmdAuth(&iostreams.Streams{In: strings.NewReader(""), Out: &out, Err: &errOut}, w, fa.api(dir))
	cmd.SetArgs(args)
	cmd.SetOut(&errOut)
	cmd.SetErr(&errOut)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err := cmd.ExecuteContext(context.Background())
	return result{out: out.String(), err: err, announced: w.announced}
}

// loggedIn is a stored entry whose access token is token, masked.
func loggedIn(token string) oauth.Status {
	return oauth.Status{Resource: "https://h.example/mcp", Issuer: "https://as.example", ClientID: "app-123", ClientSource: "dynamic registration",
		AccessToken: step.Mask(token), Expiry: time.Now().Add(time.Hour + 30*time.Second), Refreshable: true, Scopes: []string{"read", "write"},
		Saved: time.Date(2026, 12, 1, 14, 0, 0, 0, time.UTC)}
}

// isLoginError reports whether err is a failed login or logout, which
// cli/root's exit map sends to exit 3.
func isLoginError(err error) bool {
	var le *LoginError
	return errors.As(err, &le)
}
