package reach

import (
	"encoding/pem"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/config"
	"github.com/toolbench/toolbench/target"
)

// EnvClientSecret is read for the client secret when --client-secret is
// not given: a command line shows in ps, the environment does not.
const EnvClientSecret = "TOOLBENCH_CLIENT_SECRET"

// The values of --browser.
const (
	browserOpen  = "open"
	browserNone  = "none"
	browserFetch = "fetch"
)

// authFlags say how toolbench authorizes at an HTTP server with OAuth.
type authFlags struct {
	mode         string
	clientID     string
	clientSecret string
	clientKey    string
	metadataURL  string
	redirectPort string
	scopes       []string
	grant        string
	browser      string
	noRefresh    bool
	// fs is the flag set they were added to, which says which were given.
	fs *pflag.FlagSet
}

// authFlagNames are the flags that only mean something for an HTTP
// server, in the order a login command lists them.
var authFlagNames = []string{"client-id", "client-secret", "client-key", "client-metadata-url",
	"redirect-port", "scope", "grant", "browser", "no-refresh-token"}

// addFlags adds the flags to fs; withMode adds --auth too, which `toolbench
// auth` has no use for.
func (a *authFlags) addFlags(fs *pflag.FlagSet, withMode bool) {
	a.fs = fs
	if withMode {
		fs.StringVar(&a.mode, "auth", string(auth.Auto),
			"OAuth: auto (log in on a 401 when a person is at the terminal, or with --browser fetch), stored-only (stored and refreshed tokens only, for CI), off (send no token)")
	}
	fs.StringVar(&a.clientID, "client-id", "", "OAuth: use this pre-registered client `ID` instead of registering one")
	fs.StringVar(&a.clientSecret, "client-secret", "",
		"OAuth: the pre-registered client's `SECRET`; it shows in ps, so prefer $"+EnvClientSecret+", read when this flag is not given")
	fs.StringVar(&a.clientKey, "client-key", "", "OAuth: sign client assertions (private_key_jwt) with the PEM private key in `FILE`")
	fs.StringVar(&a.metadataURL, "client-metadata-url", "", "OAuth: use this https:// `URL` of a Client ID Metadata Document as the client id where the server takes one")
	fs.StringVar(&a.redirectPort, "redirect-port", "", "OAuth: receive the login's redirect on 127.0.0.1:`PORT` (default: a free port)")
	fs.StringArrayVar(&a.scopes, "scope", nil, "OAuth: ask for `SCOPE` instead of the scopes the server names (repeatable, or several separated by spaces)")
	fs.StringVar(&a.grant, "grant", "auto", "OAuth grant: authorization-code (a person logs in), client-credentials (a machine client, with --client-id and a secret or key), or auto (client-credentials when the server offers only that and a secret or key is given)")
	fs.BoolVar(&a.noRefresh, "no-refresh-token", false, "OAuth: do not ask for a refresh token (offline_access), so a login lasts as long as its access token")
	fs.StringVar(&a.browser, "browser", browserOpen,
		"OAuth login: open (the system browser, else print the URL), none (print it; paste the redirect URL or code back), fetch (toolbench follows it, for test servers that approve without a person)")
}

// given reports whether the flag name was on the command line.
func (a *authFlags) given(name string) bool {
	return a.fs != nil && a.fs.Lookup(name) != nil && a.fs.Changed(name)
}

// authChoice is what the flags and the config entry chose, checked.
type authChoice struct {
	// Options holds the mode, grant, client, scopes and redirect port.
	Options auth.Options
	// Browser is --browser.
	Browser string
	// SecretFlag says the secret came from --client-secret, which a login
	// command must not repeat.
	SecretFlag bool
}

// choose checks the flags against t, merges them over t's config entry,
// and says what they chose; ok is false when t gets no OAuth (stdio, or
// --auth off). lookup reads the environment.
func (a *authFlags) choose(t target.Target, lookup func(string) (string, bool)) (c authChoice, ok bool, err error) {
	given := a.givenNames()
	mode := auth.Mode(a.mode)
	switch mode {
	case "":
		mode = auth.Auto
	case auth.Auto, auth.StoredOnly, auth.Off:
	default:
		return c, false, usage.Errorf("--auth %q: want auto, stored-only or off", a.mode)
	}
	switch {
	case t.Transport == target.Stdio && len(given) > 0:
		return c, false, usage.Errorf("%s %s to HTTP servers; %q is started over stdio", strings.Join(given, ", "), applyVerb(len(given)), t.Command)
	case t.Transport == target.Stdio:
		// --auth alone is fine: a script may pass it to every server.
		return c, false, nil
	case mode == auth.Off && len(given) > 0:
		return c, false, usage.Errorf("--auth off sends no token and starts no login, so %s would do nothing; drop %s or --auth off", strings.Join(given, ", "), pronoun(len(given)))
	case mode == auth.Off:
		return c, false, nil
	}
	if c, err = a.merge(t.Auth, lookup); err != nil {
		return c, false, err
	}
	c.Options.Mode = mode
	return c, true, nil
}

// givenNames lists the HTTP-only flags on the command line, as typed.
func (a *authFlags) givenNames() []string {
	var out []string
	for _, n := range authFlagNames {
		if a.given(n) {
			out = append(out, "--"+n)
		}
	}
	return out
}

// merge puts the flags over cfg (nil when the entry has no "auth") and
// checks the result.
func (a *authFlags) merge(cfg *config.Auth, lookup func(string) (string, bool)) (authChoice, error) {
	if cfg == nil {
		cfg = &config.Auth{}
	}
	c := authChoice{Browser: a.browser}
	o := &c.Options
	o.NoRefreshToken = a.noRefresh
	o.ClientID, o.ClientSecret, o.ClientKeyFile = cfg.ClientID, cfg.ClientSecret, cfg.ClientKey
	if a.given("client-id") {
		// Another client than the entry's: its secret and key are not this one's.
		o.ClientID, o.ClientSecret, o.ClientKeyFile = a.clientID, "", ""
	}
	if a.given("client-secret") {
		o.ClientSecret, c.SecretFlag = a.clientSecret, true
	}
	if a.given("client-key") {
		o.ClientKeyFile = a.clientKey
	}
	if err := a.checkClient(o, lookup); err != nil {
		return c, err
	}
	o.ClientMetadataURL = pick(a.given("client-metadata-url"), a.metadataURL, cfg.ClientMetadataURL)
	if err := checkMetadataURL(o.ClientMetadataURL); err != nil {
		return c, err
	}
	var err error
	if o.RedirectPort, err = a.port(cfg.RedirectPort); err != nil {
		return c, err
	}
	if o.Scopes, err = a.scopeList(cfg.Scopes); err != nil {
		return c, err
	}
	if o.Grant, err = grantOf(pick(a.given("grant"), a.grant, cfg.Grant)); err != nil {
		return c, err
	}
	if o.Grant == auth.ClientCredentials && (o.ClientID == "" || o.ClientSecret == "" && o.ClientKeyFile == "") {
		return c, usage.Errorf("--grant client-credentials needs a pre-registered machine client: --client-id with --client-secret (or $%s) or --client-key FILE", EnvClientSecret)
	}
	switch c.Browser {
	case browserOpen, browserNone, browserFetch:
	default:
		return c, usage.Errorf("--browser %q: want open (the system browser), none (print the URL) or fetch (toolbench follows it)", c.Browser)
	}
	return c, nil
}

// checkClient checks the client's secret and key, taking the secret from
// the environment when neither the flag nor the entry gave one.
func (a *authFlags) checkClient(o *auth.Options, lookup func(string) (string, bool)) error {
	if o.ClientID == "" {
		for _, n := range []string{"client-secret", "client-key"} {
			if a.given(n) {
				return usage.Errorf("--%s needs --client-id: it belongs to a client registered beforehand", n)
			}
		}
		return nil
	}
	if o.ClientSecret == "" && o.ClientKeyFile == "" {
		if v, ok := lookup(EnvClientSecret); ok {
			o.ClientSecret = v
		}
	}
	if o.ClientSecret != "" && o.ClientKeyFile != "" {
		return usage.Errorf("a client secret and --client-key both given; give one: the secret (client_secret_basic or _post) or the key (private_key_jwt)")
	}
	if o.ClientKeyFile != "" {
		return checkKeyFile(o.ClientKeyFile)
	}
	return nil
}

// checkKeyFile refuses a --client-key that is not a PEM private key, before
// anything is started. The key is not kept: the flow reads it itself.
func checkKeyFile(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return usage.Errorf("--client-key: %v", err)
	}
	block, _ := pem.Decode(data)
	if block == nil || !strings.HasSuffix(block.Type, "PRIVATE KEY") {
		return usage.Errorf("--client-key %s holds no PEM private key; want a file with a -----BEGIN PRIVATE KEY----- block (RSA or EC)", path)
	}
	return nil
}

// checkMetadataURL refuses what cannot name a Client ID Metadata
// Document: its URL is an https:// URL with a path.
func checkMetadataURL(raw string) error {
	if raw == "" {
		return nil
	}
	u, err := url.Parse(raw)
	if err != nil || !strings.EqualFold(u.Scheme, "https") || u.Host == "" || u.Path == "" || u.Path == "/" {
		return usage.Errorf("--client-metadata-url %q: want an https:// URL with a path, such as https://example.com/toolbench/client.json, where the Client ID Metadata Document is served", target.Redact(raw))
	}
	return nil
}

// port reads --redirect-port, else the entry's.
func (a *authFlags) port(fromConfig int) (int, error) {
	if !a.given("redirect-port") {
		return fromConfig, nil
	}
	n, err := strconv.Atoi(a.redirectPort)
	if err != nil || n < 1 || n > 65535 {
		return 0, usage.Errorf("--redirect-port %q: want a port number from 1 to 65535 (leave the flag out for a free one)", a.redirectPort)
	}
	return n, nil
}

// scopeList reads --scope, else the entry's scopes: each value may hold
// several, separated by spaces as in OAuth's scope parameter.
func (a *authFlags) scopeList(fromConfig []string) ([]string, error) {
	values := fromConfig
	if a.given("scope") {
		values = a.scopes
	}
	var out []string
	for _, v := range values {
		words := strings.Fields(v)
		if len(words) == 0 {
			return nil, usage.Errorf("--scope %q: give a scope name such as 'read', or several separated by spaces", v)
		}
		for _, w := range words {
			if !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out, nil
}

// grantOf maps a --grant word onto the auth package's grant.
func grantOf(word string) (auth.Grant, error) {
	switch word {
	case "", "auto":
		return "", nil
	case "authorization-code":
		return auth.AuthorizationCode, nil
	case "client-credentials":
		return auth.ClientCredentials, nil
	}
	return "", usage.Errorf("--grant %q: want auto, authorization-code (a person logs in) or client-credentials (a machine client)", word)
}

// pick is the flag's value when it was given, else the entry's.
func pick(given bool, flag, fromConfig string) string {
	if given {
		return flag
	}
	return fromConfig
}

// applyVerb and pronoun agree with the number of flags named.
func applyVerb(n int) string {
	if n == 1 {
		return "applies"
	}
	return "apply"
}

func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
