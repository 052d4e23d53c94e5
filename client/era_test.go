package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/era"
	"github.com/toolbench/toolbench/target"
)

// memEras is an in-memory client.EraStore.
type memEras struct {
	mu sync.Mutex
	m  map[string]client.Era
}

func newMemEras() *memEras { return &memEras{m: map[string]client.Era{}} }

func (s *memEras) Recall(k string) (client.Era, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.m[k]
	return e, ok
}
func (s *memEras) Remember(k string, e client.Era) { s.mu.Lock(); s.m[k] = e; s.mu.Unlock() }
func (s *memEras) Forget(k string)                 { s.mu.Lock(); delete(s.m, k); s.mu.Unlock() }

// only returns the one era remembered.
func (s *memEras) only(t *testing.T) client.Era {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.m) != 1 {
		t.Fatalf("%d eras remembered, want 1: %v", len(s.m), s.m)
	}
	for _, e := range s.m {
		return e
	}
	return client.Era{}
}

func eraTarget(name string, env ...string) target.Target {
	path, args, childEnv := era.Command(name, "", env...)
	return target.Target{Transport: target.Stdio, Command: path, Args: args, Env: childEnv}
}

// sentMethods lists the methods of the requests and notifications sent.
func sentMethods(s *client.Session) []string {
	frames, _ := s.Frames()
	var out []string
	for _, f := range frames {
		if f.Dir != client.Sent {
			continue
		}
		var m struct {
			Method string `json:"method"`
		}
		_ = json.Unmarshal(f.Data, &m)
		if m.Method != "" {
			out = append(out, m.Method)
		}
	}
	return out
}

func connectEra(t *testing.T, tgt target.Target, opts client.Options) (*client.Session, error) {
	t.Helper()
	if opts.Timeout == 0 {
		opts.Timeout = connectTimeout
	}
	s, err := client.Connect(context.Background(), tgt, opts)
	if err == nil {
		t.Cleanup(func() { _ = s.Close() })
	}
	return s, err
}

// TestEraFirstAndSecondContact: each era fixture is reached on the right
// era with the right ServerInfo, and the second contact goes by what was
// remembered: no server/discover for a legacy server.
func TestEraFirstAndSecondContact(t *testing.T) {
	t.Parallel()
	tests := []struct {
		server       string
		era, version string
		name         string
		firstDecided []string
		// secondDiscovers says whether the second contact probes.
		secondDiscovers bool
	}{
		{era.EmptyDiscover, client.EraLegacy, "2025-11-25", era.LegacyName,
			[]string{"first contact", "not a DiscoverResult: supportedVersions is missing", "initialize answered with protocol 2025-11-25"}, false},
		{era.SilentDiscover, client.EraLegacy, "2025-11-25", era.LegacyName,
			[]string{"first contact", "server/discover got no answer in 100ms, and initialize, sent beside it then, was answered", "initialize answered with protocol 2025-11-25"}, false},
		{era.ModernOnly, client.EraModern, "2026-07-28", era.ModernName,
			[]string{"first contact", "server/discover answered with supportedVersions [2026-07-28"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.server, func(t *testing.T) {
			t.Parallel()
			store := newMemEras()
			s, err := connectEra(t, eraTarget(tc.server), client.Options{Eras: store})
			if err != nil {
				t.Fatalf("first contact: %v", err)
			}
			info := s.Info()
			if info.Era != tc.era || info.ProtocolVersion != tc.version || info.Name != tc.name || info.Version != era.Version {
				t.Fatalf("first contact: era %q %q, server %q %q; want %q %q, %q %q",
					info.Era, info.ProtocolVersion, info.Name, info.Version, tc.era, tc.version, tc.name, era.Version)
			}
			for _, want := range tc.firstDecided {
				if !strings.Contains(info.Decided, want) {
					t.Errorf("Decided = %q, want it to say %q", info.Decided, want)
				}
			}
			if got := store.only(t); got.Name != tc.era || got.Version != tc.version {
				t.Fatalf("remembered %+v, want %s %s", got, tc.era, tc.version)
			}
			if tc.era == client.EraLegacy && len(info.Capabilities) == 0 {
				t.Error("a legacy server reached through initialize must have its capabilities")
			}
			if n := count(sentMethods(s), "initialize"); tc.era == client.EraLegacy && n != 1 {
				t.Errorf("first contact sent initialize %d times (%v), want once", n, sentMethods(s))
			}
			s.Close()

			s2, err := connectEra(t, eraTarget(tc.server), client.Options{Eras: store})
			if err != nil {
				t.Fatalf("second contact: %v", err)
			}
			if got := s2.Info(); got.Era != tc.era || !strings.Contains(got.Decided, "remembered "+tc.era) {
				t.Fatalf("second contact: era %q, Decided %q", got.Era, got.Decided)
			}
			sent := sentMethods(s2)
			if discovers := contains(sent, "server/discover"); discovers != tc.secondDiscovers {
				t.Fatalf("second contact sent %v; server/discover sent = %v, want %v", sent, discovers, tc.secondDiscovers)
			}
		})
	}
}

// TestEmptyDiscoverFrameKeepsServerBytes: the protocol log shows the {}
// the server sent, though mcp-go was handed an error instead.
func TestEmptyDiscoverFrameKeepsServerBytes(t *testing.T) {
	t.Parallel()
	s, err := connectEra(t, eraTarget(era.EmptyDiscover), client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	frames, _ := s.Frames()
	for _, f := range frames {
		if f.Dir == client.Received && strings.Contains(string(f.Data), `"result":{}`) {
			return
		}
	}
	t.Fatalf("no received frame holds the empty result; frames: %v", frameStrings(frames))
}

// TestSlowModernServerIsRetriedModern: a modern-only server slower than
// the first probe is reached all the same, on a retry pinned to
// 2026-07-28 with the full timeout.
func TestSlowModernServerIsRetriedModern(t *testing.T) {
	t.Parallel()
	tgt := eraTarget(era.ModernOnly, era.EnvDiscoverDelay+"=2s")
	s, err := connectEra(t, tgt, client.Options{Eras: newMemEras()})
	if err != nil {
		t.Fatal(err)
	}
	info := s.Info()
	if info.Era != client.EraModern || info.Name != era.ModernName {
		t.Fatalf("era %q server %q, want modern %s", info.Era, info.Name, era.ModernName)
	}
	for _, want := range []string{"server/discover got no answer within 1.5s", "initialize answered with JSON-RPC error", "retried on 2026-07-28 with the full timeout", "supportedVersions [2026-07-28"} {
		if !strings.Contains(info.Decided, want) {
			t.Errorf("Decided = %q, want it to say %q", info.Decided, want)
		}
	}
}

// TestRememberedEraThatFailsIsRechecked: a server remembered legacy that
// now refuses initialize is probed afresh and what is remembered changes.
func TestRememberedEraThatFailsIsRechecked(t *testing.T) {
	t.Parallel()
	store := newMemEras()
	tgt := eraTarget(era.ModernOnly)
	s, err := connectEra(t, tgt, client.Options{Eras: store})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	for k := range store.m {
		store.Remember(k, client.Era{Name: client.EraLegacy, Version: "2025-06-18", At: time.Now()})
	}
	s, err = connectEra(t, tgt, client.Options{Eras: store})
	if err != nil {
		t.Fatalf("a failing remembered era must be re-checked: %v", err)
	}
	if info := s.Info(); info.Era != client.EraModern || !strings.Contains(info.Decided, "remembered legacy 2025-06-18") || !strings.Contains(info.Decided, "re-checked") {
		t.Fatalf("era %q Decided %q", info.Era, info.Decided)
	}
	if got := store.only(t); got.Name != client.EraModern {
		t.Fatalf("remembered %+v after the re-check, want modern", got)
	}
}

// TestForcedProtocol: legacy sends initialize at once; modern fails loudly
// against a legacy server, saying what server/discover got.
func TestForcedProtocol(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, server, protocol string
		wantEra                string
		wantErr                []string
	}{
		{"legacy on legacy", era.SilentDiscover, client.ProtocolLegacy, client.EraLegacy, nil},
		{"version on legacy", era.SilentDiscover, "2025-06-18", client.EraLegacy, nil},
		{"modern on modern", era.ModernOnly, client.ProtocolModern, client.EraModern, nil},
		{"modern on empty discover", era.EmptyDiscover, client.ProtocolModern, "",
			[]string{"not on protocol 2026-07-28", "not a DiscoverResult: supportedVersions is missing", "initialize was not sent"}},
		{"legacy on modern", era.ModernOnly, client.ProtocolLegacy, "",
			[]string{"initialize", "speaks only protocol 2026-07-28"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			store := newMemEras()
			s, err := connectEra(t, eraTarget(tc.server), client.Options{Protocol: tc.protocol, Eras: store})
			if tc.wantErr == nil {
				if err != nil {
					t.Fatal(err)
				}
				if s.Info().Era != tc.wantEra || !strings.Contains(s.Info().Decided, "protocol forced to "+tc.protocol) {
					t.Fatalf("era %q Decided %q", s.Info().Era, s.Info().Decided)
				}
				if tc.wantEra == client.EraLegacy && contains(sentMethods(s), "server/discover") {
					t.Fatal("a forced legacy protocol must not probe")
				}
				if len(store.m) != 0 {
					t.Fatal("a forced protocol must not be remembered")
				}
				return
			}
			if err == nil {
				t.Fatal("connected; want an error")
			}
			for _, want := range tc.wantErr {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
		})
	}
	if err := client.CheckProtocol("2020-01-01"); err == nil || !strings.Contains(err.Error(), "2026-07-28") {
		t.Fatalf("CheckProtocol(2020-01-01) = %v, want an error naming the known versions", err)
	}
	_, err := client.Connect(context.Background(), eraTarget(era.SilentDiscover), client.Options{Protocol: "newest"})
	if err == nil || !strings.Contains(err.Error(), "auto, legacy, modern") {
		t.Fatalf("Connect with a bad protocol = %v", err)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func frameStrings(fs []client.Frame) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Dir.String() + " " + string(f.Data)
	}
	return out
}

// TestBrokenSilentLegacyKeepsItsError: a server that ignores the probe and
// refuses initialize gets the modern retry; when that finds no modern
// server either, the error is initialize's, which says more.
func TestBrokenSilentLegacyKeepsItsError(t *testing.T) {
	t.Parallel()
	tgt := eraTarget(era.SilentDiscover, era.EnvRefuseInitialize+"=1")
	_, err := connectEra(t, tgt, client.Options{Timeout: 4 * time.Second})
	var nm *client.NotModernError
	if err == nil || errors.As(err, &nm) || !strings.Contains(err.Error(), "initialize") {
		t.Fatalf("error = %v, want initialize's", err)
	}
}

// count is how often m occurs in ms.
func count(ms []string, m string) int {
	n := 0
	for _, x := range ms {
		if x == m {
			n++
		}
	}
	return n
}
