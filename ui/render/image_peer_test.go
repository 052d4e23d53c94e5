package render_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/peer"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/ui/clientview"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// TestEverythingTinyImage calls server-everything's get-tiny-image and
// renders the result: its image block is drawn in half blocks, in colour,
// under the line that describes it.
func TestEverythingTinyImage(t *testing.T) {
	t.Parallel()
	tgt := target.Target{Transport: target.Stdio, Command: peer.Node(t), Args: []string{peer.Entry(t, peer.Everything)}}
	s, err := client.Connect(context.Background(), tgt, client.Options{Timeout: 20 * time.Second})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer s.Close()
	res, err := s.CallTool(context.Background(), "get-tiny-image", []byte(`{}`), nil)
	if err != nil {
		t.Fatalf("call: %v", err)
	}
	lines := render.Result(theme.New(theme.DefaultPalette(true)), clientview.Result(res), check.OutputVerdict{}, 80)
	plain := ansi.Strip(strings.Join(lines, "\n"))
	i := strings.Index(plain, "image/png · ")
	if i < 0 {
		t.Fatalf("no image block:\n%s", plain)
	}
	rest := strings.Split(plain[i:], "\n")
	if len(rest) < 3 || !strings.HasSuffix(rest[0], "px") || !strings.ContainsAny(rest[1], "▀▄") {
		t.Errorf("the image is not drawn under its description:\n%s", plain[i:])
	}
	if !strings.Contains(strings.Join(lines, "\n"), "\x1b[38;2;") {
		t.Error("the half blocks carry no colour")
	}
}
