package client_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/era"
	"github.com/toolbench/toolbench/target"
)

// connectModern reaches the modern-only fixture over kind ("stdio" or
// "http"); for http it also returns the headers the server saw.
func connectModern(t *testing.T, kind string) (*client.Session, *era.HeaderLog) {
	t.Helper()
	tgt := eraTarget(era.ModernOnly)
	var log *era.HeaderLog
	if kind == "http" {
		url, l, stop, err := era.StartModernHTTP()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(stop)
		tgt, log = target.Target{Transport: target.StreamableHTTP, URL: url}, l
	}
	s, err := client.Connect(context.Background(), tgt, client.Options{Timeout: connectTimeout})
	if err != nil {
		t.Fatalf("connect %s: %v", kind, err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if s.Info().Era != client.EraModern {
		t.Fatalf("%s: era %q, want modern", kind, s.Info().Era)
	}
	return s, log
}

// TestModernHTTPHeaders: on 2026-07-28 over streamable HTTP every request
// names its method, and a call its tool, in headers the server sees.
func TestModernHTTPHeaders(t *testing.T) {
	t.Parallel()
	s, log := connectModern(t, "http")
	ctx := context.Background()
	if _, err := s.ListTools(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CallTool(ctx, era.EchoTool, []byte(`{"text":"hi"}`), nil); err != nil {
		t.Fatal(err)
	}
	var seen []string
	for _, h := range log.All() {
		seen = append(seen, h.Get("Mcp-Method")+" "+h.Get("Mcp-Name"))
	}
	for _, want := range []string{"server/discover ", "tools/list ", "tools/call " + era.EchoTool} {
		if !slices.Contains(seen, want) {
			t.Errorf("the server saw no request with Mcp-Method/Mcp-Name %q; it saw %q", want, seen)
		}
	}
}

// TestModernUnknownResultType: a result whose resultType toolbench does
// not know is an error naming it, not a result.
func TestModernUnknownResultType(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"stdio", "http"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s, _ := connectModern(t, kind)
			res, err := s.CallTool(context.Background(), era.OddResultTool, []byte(`{}`), nil)
			var rt *client.ResultTypeError
			if !errors.As(err, &rt) || rt.ResultType != era.OddResultType {
				t.Fatalf("call = %v, %v; want a *ResultTypeError naming %q", res, err, era.OddResultType)
			}
			if !strings.Contains(err.Error(), `resultType "deferred"`) || !strings.HasPrefix(err.Error(), "call odd-result: ") {
				t.Errorf("error %q", err)
			}
			if _, err := s.CallTool(context.Background(), era.EchoTool, []byte(`{"text":"x"}`), nil); err != nil {
				t.Errorf("a complete result after it: %v", err)
			}
		})
	}
}

// TestModernExcludedTool: over streamable HTTP a tool with an invalid
// x-mcp-header is listed, marked, and not called; on stdio the annotation
// does not apply.
func TestModernExcludedTool(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"stdio", "http"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s, _ := connectModern(t, kind)
			tools, err := s.ListTools(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			excluded := map[string]string{}
			for _, tl := range tools {
				excluded[tl.Name] = tl.Excluded
			}
			why, listed := excluded[era.BadHeaderTool]
			if !listed {
				t.Fatalf("%s is not listed: %v", era.BadHeaderTool, excluded)
			}
			if excluded[era.EchoTool] != "" {
				t.Errorf("echo excluded: %s", excluded[era.EchoTool])
			}
			if kind == "stdio" {
				if why != "" {
					t.Errorf("on stdio x-mcp-header does not apply; excluded: %s", why)
				}
				return
			}
			if !strings.Contains(why, "x-mcp-header") {
				t.Fatalf("Excluded = %q, want it to say why", why)
			}
			_, n0 := s.Frames()
			_, err = s.CallTool(context.Background(), era.BadHeaderTool, []byte(`{}`), nil)
			var ex *client.ExcludedToolError
			if !errors.As(err, &ex) || ex.Tool != era.BadHeaderTool || !strings.Contains(err.Error(), "x-mcp-header") {
				t.Fatalf("calling an excluded tool = %v, want an *ExcludedToolError saying why", err)
			}
			if _, n1 := s.Frames(); n1 != n0 {
				t.Errorf("a refused call sent %d frames", n1-n0)
			}
		})
	}
}

// TestModernErrorsKeepTheirData: -32020, -32021 and -32022 come back as
// RPCErrors whose data ModernErrorOf reads.
func TestModernErrorsKeepTheirData(t *testing.T) {
	t.Parallel()
	s, _ := connectModern(t, "http")
	tests := []struct {
		tool  string
		check func(client.ModernError) bool
	}{
		{era.MangledTool, func(m client.ModernError) bool { return m.Name == "HeaderMismatch" && m.Code == -32020 }},
		{era.StaleVersionTool, func(m client.ModernError) bool {
			return m.Name == "UnsupportedProtocolVersion" && m.Requested == era.StaleVersion && slices.Contains(m.Supported, "2026-07-28")
		}},
		{era.NeedsSamplingTool, func(m client.ModernError) bool {
			return m.Name == "MissingRequiredClientCapability" && slices.Equal(m.RequiredCapabilities, []string{"sampling"})
		}},
	}
	for _, tc := range tests {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err := s.CallTool(ctx, tc.tool, []byte(`{}`), nil)
		cancel()
		me, ok := client.ModernErrorOf(err)
		if !ok || !tc.check(me) {
			t.Errorf("%s: %v gives %+v, %v", tc.tool, err, me, ok)
		}
	}
}

// TestModernRefusedDiscoverSentAgain: a server that refuses server/discover
// with -32022 while naming the version it was sent as supported gets the
// probe once more, and the session stays modern instead of falling back to
// an initialize a modern-only server refuses.
func TestModernRefusedDiscoverSentAgain(t *testing.T) {
	t.Parallel()
	url, log, stop, err := era.StartModernHTTP(era.RefuseFirstDiscover())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	s, err := client.Connect(context.Background(), target.Target{Transport: target.StreamableHTTP, URL: url}, client.Options{Timeout: connectTimeout})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if info := s.Info(); info.Era != client.EraModern || !strings.Contains(info.Decided, "sent once more") {
		t.Errorf("era %q decided %q; want modern, after sending server/discover again", info.Era, info.Decided)
	}
	frames, _ := s.Frames()
	for _, f := range frames {
		if f.Dir == client.Sent && strings.Contains(string(f.Data), `"method":"initialize"`) {
			t.Error("initialize was sent to a modern-only server")
		}
	}
	discovers := 0
	for _, h := range log.All() {
		if h.Get("Mcp-Method") == "server/discover" {
			discovers++
		}
	}
	if discovers != 2 {
		t.Errorf("server/discover sent %d times, want 2", discovers)
	}
}
