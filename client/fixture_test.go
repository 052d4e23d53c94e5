package client_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/tool"
)

func TestFixtureListAndCall(t *testing.T) {
	t.Parallel()
	for _, kind := range transports {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s, f := connectFixture(t, kind, client.Options{})
			ctx := context.Background()
			if s.Info().Name != "toolbench-demo" || s.Info().ProtocolVersion == "" {
				t.Errorf("info = %+v", s.Info())
			}
			tools, err := s.ListTools(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(tools) != 15 {
				t.Errorf("got %d tools, want 15", len(tools))
			}
			order := findTool(t, tools, "create_order")
			// Nested property order survives: the raw schema is kept.
			keys := nestedKeys(t, order.InputSchema, "shipping_address")
			if strings.Join(keys, ",") != "receiver,phone,province,city,detail" {
				t.Errorf("shipping_address keys = %v, want server order", keys)
			}

			args := `{"message":"héllo","extra":12345678901234567890}`
			res, err := s.CallTool(ctx, "echo", []byte(args), nil)
			if err != nil || res.IsError || len(res.Content) == 0 {
				t.Fatalf("echo: %v %+v", err, res)
			}
			if !testkit.Eventually(2*time.Second, func() bool { return strings.Contains(f.recorded(), args) }) {
				t.Errorf("fixture did not record the exact arguments %s:\n%s", args, f.recorded())
			}

			res, err = s.CallTool(ctx, "weather_broken", []byte(`{"city":"Oslo"}`), nil)
			if err != nil || res.StructuredContent == nil {
				t.Fatalf("weather_broken: %v %+v", err, res)
			}
			res, err = s.CallTool(ctx, "fail", []byte(`{"reason":"on purpose"}`), nil)
			if err != nil || !res.IsError {
				t.Errorf("fail: err=%v isError=%v", err, res != nil && res.IsError)
			}
			res, err = s.CallTool(ctx, "media", []byte(`{}`), nil)
			if err != nil {
				t.Fatal(err)
			}
			var types []string
			for _, c := range res.Content {
				types = append(types, c.Type)
			}
			if got := strings.Join(types, ","); got != "text,image,audio,resource_link,resource" {
				t.Errorf("media content types = %s", got)
			}
			if w, h, ok := res.Content[1].ImageDimensions(); !ok || w != 16 || h != 8 {
				t.Errorf("image dimensions = %d×%d %v, want 16×8", w, h, ok)
			}
		})
	}
}

func TestFixtureProgressExtendsTimeout(t *testing.T) {
	t.Parallel()
	for _, kind := range transports {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			// Six steps of 500 ms outlast a 2 s timeout; each progress
			// notification restarts it. The gap between two notifications
			// stays far below the timeout, so a loaded machine that delays
			// one does not fail the call (150 ms of 400 ms did).
			s, _ := connectFixture(t, kind, client.Options{Timeout: 2 * time.Second})
			var mu sync.Mutex
			var steps []float64
			_, err := s.CallTool(context.Background(), "progress", []byte(`{"steps":6,"delay_ms":500}`),
				func(p client.ProgressEvent) {
					mu.Lock()
					steps = append(steps, p.Progress)
					mu.Unlock()
				})
			if err != nil {
				t.Fatalf("progress call: %v", err)
			}
			mu.Lock()
			defer mu.Unlock()
			if len(steps) < 5 {
				t.Errorf("got %d progress events, want about 6: %v", len(steps), steps)
			}
		})
	}
}

func TestFixtureCancelReachesServer(t *testing.T) {
	t.Parallel()
	for _, kind := range transports {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s, f := connectFixture(t, kind, client.Options{})
			ctx, cancel := context.WithCancel(context.Background())
			// Cancel once the server runs the call: a request cancelled
			// before it arrives leaves the server nothing to record.
			cancelWhen(cancel, func() bool { return strings.Contains(f.recorded(), `"tool":"slow","event":"call"`) })
			_, err := s.CallTool(ctx, "slow", []byte(`{"seconds":30}`), nil)
			if !errors.Is(err, client.ErrCancelled) {
				t.Fatalf("want ErrCancelled, got %v", err)
			}
			if !testkit.Eventually(3*time.Second, func() bool { return strings.Contains(f.recorded(), `"event":"cancelled"`) }) {
				t.Errorf("the fixture never saw the cancellation:\n%s", f.recorded())
			}
		})
	}
}

func TestFixtureTimeout(t *testing.T) {
	t.Parallel()
	for _, kind := range transports {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s, f := connectFixture(t, kind, client.Options{Timeout: 300 * time.Millisecond})
			start := time.Now()
			_, err := s.CallTool(context.Background(), "slow", []byte(`{"seconds":30}`), nil)
			if !errors.Is(err, client.ErrTimeout) || !strings.Contains(err.Error(), "no answer within 300ms") {
				t.Fatalf("want a timeout error, got %v", err)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("timing out took %s", d)
			}
			if !testkit.Eventually(3*time.Second, func() bool { return strings.Contains(f.recorded(), `"event":"cancelled"`) }) {
				t.Errorf("the fixture never saw the cancellation:\n%s", f.recorded())
			}
		})
	}
}

func TestFixtureEvents(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var frames, stderr int
	s, _ := connectFixture(t, "stdio", client.Options{OnEvent: func(e client.Event) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := e.(type) {
		case client.FrameEvent:
			frames++
		case client.StderrEvent:
			if strings.Contains(ev.Line, "noise on stderr") {
				stderr++
			}
		}
	}})
	if _, err := s.CallTool(context.Background(), "stderr_noise", []byte(`{}`), nil); err != nil {
		t.Fatal(err)
	}
	if !testkit.Eventually(2*time.Second, func() bool { mu.Lock(); defer mu.Unlock(); return stderr == 1 }) {
		t.Errorf("stderr line not delivered")
	}
	got, total := s.Frames()
	mu.Lock()
	defer mu.Unlock()
	if len(got) == 0 || total != frames {
		t.Errorf("frames: log has %d of %d, events saw %d", len(got), total, frames)
	}
	if got[0].Dir != client.Sent {
		t.Errorf("first frame should be ours, got %v", got[0].Dir)
	}
}

func findTool(t *testing.T, tools []tool.Tool, name string) tool.Tool {
	t.Helper()
	for _, tool := range tools {
		if tool.Name == name {
			return tool
		}
	}
	t.Fatalf("no tool %q", name)
	return tool.Tool{}
}

func nestedKeys(t *testing.T, schema []byte, prop string) []string {
	t.Helper()
	props := rawField(t, schema, "properties")
	keys, err := schemaform.ObjectKeys(rawField(t, rawField(t, props, prop), "properties"))
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// TestFixturePing: a ping is a request on the wire that the server answers,
// on every transport (the fixture speaks protocol 2026-07-28, so it is a
// server/discover).
func TestFixturePing(t *testing.T) {
	t.Parallel()
	for _, kind := range transports {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s, _ := connectFixture(t, kind, client.Options{})
			method := livenessMethod["modern"]
			before := answeredFrames(s, method)
			if err := s.Ping(context.Background()); err != nil {
				t.Fatalf("ping: %v", err)
			}
			if n := answeredFrames(s, method); n != before+1 {
				t.Errorf("%d answered %s requests in the frame log after the ping, want %d", n, method, before+1)
			}
		})
	}
}
