package client_test

import (
	"context"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/era"
	"github.com/toolbench/toolbench/internal/peer"
	"github.com/toolbench/toolbench/target"
)

// BenchmarkEraContact measures connect, list the tools and close, against
// a legacy server that ignores server/discover and against
// server-everything over stdio: first contact (nothing remembered, so the
// era is probed) and second contact (the era remembered from a first). The
// ms/contact metric leaves out Close, which for server-everything is
// dominated by the grace it gets to exit (it ignores the end of stdin).
func BenchmarkEraContact(b *testing.B) {
	servers := []struct {
		name string
		tgt  func(b *testing.B) target.Target
	}{
		{"silent-legacy", func(*testing.B) target.Target { return eraTarget(era.SilentDiscover) }},
		{"everything-stdio", func(b *testing.B) target.Target {
			return target.Target{Transport: target.Stdio, Command: peer.Node(b), Args: []string{peer.Entry(b, peer.Everything)}}
		}},
	}
	for _, srv := range servers {
		tgt := srv.tgt(b)
		b.Run(srv.name+"/first", func(b *testing.B) {
			var open time.Duration
			for b.Loop() {
				open += contact(b, tgt, newMemEras())
			}
			b.ReportMetric(float64(open.Milliseconds())/float64(b.N), "ms/contact")
		})
		b.Run(srv.name+"/remembered", func(b *testing.B) {
			store := newMemEras()
			contact(b, tgt, store)
			var open time.Duration
			for b.Loop() {
				open += contact(b, tgt, store)
			}
			b.ReportMetric(float64(open.Milliseconds())/float64(b.N), "ms/contact")
		})
	}
}

// contact connects, lists the tools and closes, and returns how long it
// took to have the tools.
func contact(b *testing.B, tgt target.Target, store client.EraStore) time.Duration {
	b.Helper()
	start := time.Now()
	s, err := client.Connect(context.Background(), tgt, client.Options{Timeout: 20 * time.Second, Eras: store})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.ListTools(context.Background()); err != nil {
		b.Fatal(err)
	}
	took := time.Since(start)
	_ = s.Close()
	return took
}
