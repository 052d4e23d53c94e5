package root

import (
	"context"
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/adrg/xdg"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/ui"
)

// testSecret is a client secret distinct enough to be found anywhere.
const testSecret = "sec-4f1e9a07c2b85d3e6a0f1c72"

// fakeEnv makes the factory read a fixed environment.
func fakeEnv(vars map[string]string) func(*factory) {
	return func(f *factory) {
		f.Targets.LookupEnv = func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
	}
}

// TestAuthFlagsParse: the auth flags and a config entry's "auth" object
// become the auth.Options the session's transport is built with, and the
// login command a person can paste, which never holds the secret.
func TestAuthFlagsParse(t *testing.T) {
	t.Parallel()
	cfg := writeTestFile(t, t.TempDir(), "servers.json", `{"mcpServers": {"gh": {"url": "https://gh.example/mcp", "auth": {"clientId": "cfg-app", "clientKey": "k.pem", "scopes": ["repo"]}}}}`)
	env := fakeEnv(map[string]string{reach.EnvClientSecret: testSecret})
	tests := []struct {
		name  string
		setup func(*factory)
		args  []string
		want  auth.Options
	}{
		{"defaults", nil, []string{"tools", "https://h.example/mcp"},
			auth.Options{Mode: auth.Auto, LoginCommand: "toolbench auth login https://h.example/mcp"}},
		{"every flag", nil, []string{"tools", "--auth", "stored-only", "--client-id", "app", "--client-secret", testSecret, "--scope", "a b", "--scope", "c", "--scope", "a",
			"--redirect-port", "8765", "--grant", "client-credentials", "--browser", "none", "http", "http://h.example/mcp"},
			auth.Options{Mode: auth.StoredOnly, Grant: auth.ClientCredentials, ClientID: "app", ClientSecret: testSecret, Scopes: []string{"a", "b", "c"}, RedirectPort: 8765,
				LoginCommand: `toolbench auth login --client-id app --client-secret "$TOOLBENCH_CLIENT_SECRET" --redirect-port 8765 --scope 'a b' --scope c --scope a --grant client-credentials --browser none http http://h.example/mcp`}},
		{"no refresh token", nil, []string{"tools", "--no-refresh-token", "https://h.example/mcp"},
			auth.Options{Mode: auth.Auto, NoRefreshToken: true, LoginCommand: "toolbench auth login --no-refresh-token https://h.example/mcp"}},
		{"secret from the environment", env, []string{"tools", "--client-id", "app", "https://h.example/mcp"},
			auth.Options{Mode: auth.Auto, ClientID: "app", ClientSecret: testSecret, LoginCommand: "toolbench auth login --client-id app https://h.example/mcp"}},
		{"the environment's secret needs a client", env, []string{"tools", "https://h.example/mcp"},
			auth.Options{Mode: auth.Auto, LoginCommand: "toolbench auth login https://h.example/mcp"}},
		{"metadata document", nil, []string{"tools", "--client-metadata-url", "https://tb.example/client.json", "https://h.example/mcp"},
			auth.Options{Mode: auth.Auto, ClientMetadataURL: "https://tb.example/client.json",
				LoginCommand: "toolbench auth login --client-metadata-url https://tb.example/client.json https://h.example/mcp"}},
		{"secrets of the URL", nil, []string{"tools", "http://u:pw@h.example/mcp?api_key=K"},
			auth.Options{Mode: auth.Auto, LoginCommand: `toolbench auth login "http://$MCP_USER:$MCP_PASSWORD@h.example/mcp?api_key=$API_KEY"`}},
		{"a flag's client drops the entry's secret", nil, []string{"tools", "--config", cfg, "--client-id", "other", "gh"},
			auth.Options{Mode: auth.Auto, ClientID: "other", Scopes: []string{"repo"},
				LoginCommand: "toolbench auth login --config " + cfg + " --client-id other gh"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := parsedWith(t, tt.setup, newCmdTools, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			checkAuthOptions(t, got.Server, tt.want)
		})
	}
}

// checkAuthOptions compares what the flags chose and checks what every
// flow gets: the store, the hold, no agent when nobody is at a terminal.
func checkAuthOptions(t *testing.T, srv reach.Server, want auth.Options) {
	t.Helper()
	o := srv.Auth
	if o == nil || srv.Options.HTTPWrap == nil {
		t.Fatalf("no auth: %+v", srv)
	}
	if o.Store == nil || o.Store.Path() != filepath.Join(xdg.StateHome, "toolbench", "auth", "tokens.json") || o.Hold == nil || o.Observe == nil || o.Agent != nil {
		t.Errorf("store %v, hold %v, observe %v, agent %v", o.Store, o.Hold != nil, o.Observe != nil, o.Agent)
	}
	chosen := auth.Options{Mode: o.Mode, Grant: o.Grant, ClientID: o.ClientID, ClientSecret: o.ClientSecret, ClientKeyFile: o.ClientKeyFile,
		ClientMetadataURL: o.ClientMetadataURL, RedirectPort: o.RedirectPort, Scopes: o.Scopes, NoRefreshToken: o.NoRefreshToken, LoginCommand: o.LoginCommand}
	if !reflect.DeepEqual(chosen, want) {
		t.Errorf("got  %+v\nwant %+v", chosen, want)
	}
	if srv.LoginCommand != want.LoginCommand {
		t.Errorf("the server's login command %q", srv.LoginCommand)
	}
}

// TestAuthConfigEntry: a config entry's client and secret reference are
// used, and flags override its scopes. It sets the process environment,
// so it does not run in parallel.
func TestAuthConfigEntry(t *testing.T) {
	t.Setenv("TOOLBENCH_CMD_TEST_CFG_SECRET", testSecret)
	cfg := writeTestFile(t, t.TempDir(), "servers.json", `{"mcpServers": {"gh": {"url": "https://gh.example/mcp", "auth": {"clientId": "cfg-app", "clientSecret": "$TOOLBENCH_CMD_TEST_CFG_SECRET", "scopes": ["repo"]}}}}`)
	got, err := parsed(t, newCmdTools, "tools", "--config", cfg, "--scope", "read", "gh")
	if err != nil {
		t.Fatal(err)
	}
	checkAuthOptions(t, got.Server, auth.Options{Mode: auth.Auto, ClientID: "cfg-app", ClientSecret: testSecret, Scopes: []string{"read"},
		LoginCommand: "toolbench auth login --config " + cfg + " --scope read gh"})
}

// TestAuthWiring: the session's HTTPWrap hands auth.NewTransport the
// server's URL, the transport under it and the options; --auth off and
// stdio servers get none; the agent is toolbench itself with --browser
// fetch, the person at a terminal, and nobody otherwise.
func TestAuthWiring(t *testing.T) {
	t.Parallel()
	var gotURL string
	var gotBase http.RoundTripper
	var gotOpts auth.Options
	capture := func(f *factory) {
		f.Auth.NewTransport = func(u string, base http.RoundTripper, o auth.Options) http.RoundTripper {
			gotURL, gotBase, gotOpts = u, base, o
			return base
		}
	}
	got, err := parsedWith(t, capture, newCmdCall, "call", "echo", "--scope", "x", "http://127.0.0.1:1/mcp")
	if err != nil {
		t.Fatal(err)
	}
	base := http.DefaultTransport
	if rt := got.Server.Options.HTTPWrap(base); rt != base || gotURL != "http://127.0.0.1:1/mcp" || gotBase != base || !reflect.DeepEqual(gotOpts.Scopes, []string{"x"}) {
		t.Errorf("NewTransport got %q, %v, %+v", gotURL, gotBase, gotOpts)
	}
	for _, args := range [][]string{{"tools", "--auth", "off", "http://127.0.0.1:1/mcp"}, {"tools", "node", "s.js"}, {"tools", "--auth", "off", "node"}} {
		got, err := parsed(t, newCmdTools, args...)
		if err != nil || got.Server.Auth != nil || got.Server.Options.HTTPWrap != nil {
			t.Errorf("%q: auth %+v, %v", args, got.Server.Auth, err)
		}
	}
	fetch, err := parsed(t, newCmdTools, "tools", "--browser", "fetch", "http://127.0.0.1:1/mcp")
	if _, ok := fetch.Server.Auth.Agent.(grant.FetchAgent); err != nil || !ok {
		t.Errorf("--browser fetch: agent %T, %v", fetch.Server.Auth.Agent, err)
	}
	tty := func(f *factory) { f.IO.InTTY, f.IO.ErrTTY = true, true }
	person, err := parsedWith(t, tty, newCmdTools, "tools", "http://127.0.0.1:1/mcp")
	if _, ok := person.Server.Auth.Agent.(*reach.CLIAgent); err != nil || !ok {
		t.Errorf("at a terminal: agent %T, %v", person.Server.Auth.Agent, err)
	}
	halfTTY := func(f *factory) { f.IO.ErrTTY = true }
	if piped, err := parsedWith(t, halfTTY, newCmdTools, "tools", "http://127.0.0.1:1/mcp"); err != nil || piped.Server.Auth.Agent != nil {
		t.Errorf("stdin piped: agent %T, %v", piped.Server.Auth.Agent, err)
	}
}

// TestAuthBaseTLS: the requests to the authorization server go through
// the transport the session made with the MCP server's TLS settings
// (--browser fetch's too); the login command repeats them.
func TestAuthBaseTLS(t *testing.T) {
	t.Parallel()
	srv := httptest.NewTLSServer(http.NotFoundHandler())
	t.Cleanup(srv.Close)
	ca := writeTestFile(t, t.TempDir(), "ca.pem", string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})))
	var gotOpts auth.Options
	capture := func(f *factory) {
		f.Auth.NewTransport = func(_ string, base http.RoundTripper, o auth.Options) http.RoundTripper { gotOpts = o; return base }
	}
	got, err := parsedWith(t, capture, newCmdTools, "tools", "--browser", "fetch", "--ca-cert", ca, srv.URL+"/mcp")
	if err != nil {
		t.Fatal(err)
	}
	sessionRT := &http.Transport{}
	got.Server.Options.HTTPWrap(sessionRT)
	fetch, ok := gotOpts.Agent.(grant.FetchAgent)
	if gotOpts.Base != sessionRT || !ok || fetch.HTTP == nil || fetch.HTTP.Transport != sessionRT {
		t.Errorf("base %#v, agent %#v", gotOpts.Base, gotOpts.Agent)
	}
	if want := "toolbench auth login --ca-cert " + ca + " --browser fetch " + srv.URL + "/mcp"; got.Server.LoginCommand != want {
		t.Errorf("login command %q, want %q", got.Server.LoginCommand, want)
	}
}

// TestAuthFlagsRefused: every mistake is a usage error that says what is
// wrong and what to type, before anything starts, and none quotes the
// client secret.
func TestAuthFlagsRefused(t *testing.T) {
	t.Parallel()
	notPEM := writeTestFile(t, t.TempDir(), "key.txt", "not a key")
	const url = "https://h.example/mcp"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--client-id", "x", "node", "s.js"}, `--client-id applies to HTTP servers; "node" is started over stdio`},
		{[]string{"--scope", "a", "--client-secret", testSecret, "node"}, "--client-secret, --scope apply to HTTP servers"},
		{[]string{"--auth", "sometimes", url}, `--auth "sometimes": want auto, stored-only or off`},
		{[]string{"--auth", "sometimes", "node"}, `--auth "sometimes": want auto, stored-only or off`},
		{[]string{"--auth", "off", "--client-id", "x", "--scope", "y", url}, "--auth off sends no token and starts no login, so --client-id, --scope would do nothing; drop them or --auth off"},
		{[]string{"--client-secret", testSecret, url}, "--client-secret needs --client-id"},
		{[]string{"--client-key", notPEM, url}, "--client-key needs --client-id"},
		{[]string{"--client-id", "a", "--client-secret", testSecret, "--client-key", notPEM, url}, "a client secret and --client-key both given; give one"},
		{[]string{"--client-id", "a", "--client-key", "no-such.pem", url}, "--client-key: open no-such.pem: no such file"},
		{[]string{"--client-id", "a", "--client-key", notPEM, url}, "holds no PEM private key; want a file with a -----BEGIN PRIVATE KEY----- block"},
		{[]string{"--client-metadata-url", "http://tb.example/c.json", url}, `--client-metadata-url "http://tb.example/c.json": want an https:// URL with a path`},
		{[]string{"--client-metadata-url", "https://tb.example", url}, "want an https:// URL with a path"},
		{[]string{"--redirect-port", "0", url}, `--redirect-port "0": want a port number from 1 to 65535`},
		{[]string{"--redirect-port", "http", url}, `--redirect-port "http"`},
		{[]string{"--redirect-port", "70000", url}, `--redirect-port "70000"`},
		{[]string{"--scope", " ", url}, `--scope " ": give a scope name such as 'read'`},
		{[]string{"--grant", "password", url}, `--grant "password": want auto, authorization-code (a person logs in) or client-credentials`},
		{[]string{"--grant", "client-credentials", "--client-id", "a", url}, "--grant client-credentials needs a pre-registered machine client: --client-id with --client-secret (or $TOOLBENCH_CLIENT_SECRET) or --client-key FILE"},
		{[]string{"--browser", "chrome", url}, `--browser "chrome": want open (the system browser), none (print the URL) or fetch`},
	}
	for _, tt := range tests {
		args := append([]string{"tools"}, tt.args...)
		_, err := parsed(t, newCmdTools, args...)
		if exitCode(err) != exitUsage || err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), testSecret) {
			t.Errorf("%q: got %v (exit %d), want a usage error containing %q", tt.args, err, exitCode(err), tt.want)
		}
	}
}

// TestWorkbenchAuthBridge: the workbench owns the terminal, so its flow
// reports to the auth screen's bridge and takes the person there, not to
// stderr and stdin; a stdio server gets no bridge.
func TestWorkbenchAuthBridge(t *testing.T) {
	t.Parallel()
	got, err := parsed(t, newCmdConnect, "connect", "--browser", "none", "http://127.0.0.1:1/mcp")
	if err != nil {
		t.Fatal(err)
	}
	var bridge *ui.AuthBridge
	got.Workbench = func(_ context.Context, _ ui.Connector, opts ui.Options, _ *streams) error {
		bridge = opts.Auth
		return nil
	}
	if err := workbenchRun(context.Background(), got); err != nil || bridge == nil {
		t.Fatalf("bridge %v, %v", bridge, err)
	}
	if _, isCLI := got.Server.Auth.Agent.(*reach.CLIAgent); isCLI || got.Server.Auth.Agent == nil || got.Server.Auth.Observe == nil {
		t.Errorf("the flow still talks to the terminal: agent %T", got.Server.Auth.Agent)
	}
	stdio, err := parsed(t, newCmdConnect, "connect", "node", "s.js")
	if err != nil {
		t.Fatal(err)
	}
	stdio.Workbench = func(_ context.Context, _ ui.Connector, opts ui.Options, _ *streams) error {
		bridge = opts.Auth
		return nil
	}
	if err := workbenchRun(context.Background(), stdio); err != nil || bridge != nil {
		t.Errorf("stdio: bridge %v, %v", bridge, err)
	}
}
