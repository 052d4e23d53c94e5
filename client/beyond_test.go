package client_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/beyond"
)

// TestBeyondResources: every page of resources/list is followed, each
// item kept as sent; templates are listed; a blob reads back as the bytes
// the server holds and a filled template reads as the server made it.
func TestBeyondResources(t *testing.T) {
	t.Parallel()
	for _, c := range beyondCases {
		t.Run(c.String(), func(t *testing.T) {
			t.Parallel()
			s := connectBeyond(t, c, client.Options{})
			ctx := context.Background()
			res, err := s.ListResources(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if want := beyond.ResourceCount; len(res) != want {
				t.Fatalf("got %d resources, want %d (every page)", len(res), want)
			}
			uris := map[string]client.Resource{}
			for _, r := range res {
				uris[r.URI] = r
			}
			blob, ok := uris[beyond.BlobURI]
			if !ok || blob.MIMEType != "application/octet-stream" || !json.Valid(blob.Raw) || !bytes.Contains(blob.Raw, []byte(`"uri":"fixture://blob"`)) {
				t.Errorf("blob entry = %+v (raw %s)", blob, blob.Raw)
			}
			tmpls, err := s.ListResourceTemplates(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, tm := range tmpls {
				got = append(got, tm.URITemplate)
			}
			slices.Sort(got)
			if want := []string{beyond.FileTemplate, beyond.UserTemplate}; !slices.Equal(got, want) {
				t.Errorf("templates = %q, want %q", got, want)
			}
			read, err := s.ReadResource(ctx, beyond.BlobURI)
			if err != nil {
				t.Fatal(err)
			}
			if len(read.Contents) != 1 {
				t.Fatalf("blob read %d contents", len(read.Contents))
			}
			data, err := base64.StdEncoding.DecodeString(read.Contents[0].Blob)
			if err != nil || !bytes.Equal(data, beyond.BlobBytes()) {
				t.Errorf("blob = %d bytes (%v), want the fixture's %d", len(data), err, beyond.BlobSize)
			}
			read, err = s.ReadResource(ctx, "file:///docs/readme.md")
			if err != nil {
				t.Fatal(err)
			}
			if len(read.Contents) != 1 || read.Contents[0].Text != "file file:///docs/readme.md" || !json.Valid(read.Raw) {
				t.Errorf("template read = %+v", read)
			}
		})
	}
}

// TestBeyondPrompts: prompts are listed with their arguments; prompts/get
// renders the conversation, media messages included.
func TestBeyondPrompts(t *testing.T) {
	t.Parallel()
	for _, c := range beyondCases {
		t.Run(c.String(), func(t *testing.T) {
			t.Parallel()
			s := connectBeyond(t, c, client.Options{})
			ctx := context.Background()
			prompts, err := s.ListPrompts(ctx)
			if err != nil {
				t.Fatal(err)
			}
			byName := map[string]client.Prompt{}
			for _, p := range prompts {
				byName[p.Name] = p
			}
			greet := byName[beyond.GreetPrompt]
			if len(prompts) != 3 || len(greet.Arguments) != 3 || !greet.Arguments[0].Required || greet.Arguments[1].Required {
				t.Fatalf("prompts = %+v", prompts)
			}
			r, err := s.GetPrompt(ctx, beyond.GreetPrompt, map[string]string{"name": "Ada", "language": "fr"})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Messages) != 1 || r.Messages[0].Role != "user" || r.Messages[0].Content.Text != "Say hello to Ada in fr" {
				t.Errorf("greet = %+v", r)
			}
			r, err = s.GetPrompt(ctx, beyond.MediaPrompt, nil)
			if err != nil {
				t.Fatal(err)
			}
			var kinds []string
			for _, m := range r.Messages {
				kinds = append(kinds, m.Role+":"+m.Content.Type)
			}
			if got := strings.Join(kinds, ","); got != "user:text,user:image,assistant:audio,user:resource" {
				t.Errorf("media messages = %s", got)
			}
			if res := r.Messages[3].Content.Resource; res == nil || res.URI != beyond.CounterURI {
				t.Errorf("embedded resource = %+v", res)
			}
		})
	}
}

// TestBeyondPromptRound: a prompt that asks for input gets it through
// Options.Answer, as an MRTR round on 2026-07-28 and an elicitation
// request on 2025-11-25.
func TestBeyondPromptRound(t *testing.T) {
	t.Parallel()
	for _, c := range beyondCases {
		t.Run(c.String(), func(t *testing.T) {
			t.Parallel()
			if c.kind == "sse" {
				t.Skip("mcp-go's SSE server cannot send server requests")
			}
			log := &askLog{answers: map[client.AskKind]string{client.AskElicit: `{"action":"accept","content":{"ok":true}}`}}
			s := connectBeyond(t, c, client.Options{Answer: log.answer})
			r, err := s.GetPrompt(context.Background(), beyond.ConfirmPrompt, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Messages) != 1 || !strings.Contains(r.Messages[0].Content.Text, `"ok":true`) {
				t.Errorf("confirm = %+v", r)
			}
			if asked := log.all(); len(asked) != 1 || asked[0].Kind != client.AskElicit {
				t.Errorf("asked %+v, want one elicitation", asked)
			}
		})
	}
}

// TestBeyondComplete: completions carry context.arguments, for a prompt
// argument and for a template variable.
func TestBeyondComplete(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		ref    client.CompletionRef
		arg    string
		value  string
		filled map[string]string
		want   []string
	}{
		{"prompt", client.CompletionRef{Prompt: beyond.GreetPrompt}, "language", "", map[string]string{"region": "eu"}, []string{"de", "fr", "nl"}},
		{"prompt-prefix", client.CompletionRef{Prompt: beyond.GreetPrompt}, "language", "e", nil, []string{"en", "es"}},
		{"template", client.CompletionRef{URITemplate: beyond.FileTemplate}, "ext", "", map[string]string{"dir": "docs"}, []string{"md", "txt"}},
	}
	for _, bc := range beyondCases {
		t.Run(bc.String(), func(t *testing.T) {
			t.Parallel()
			s := connectBeyond(t, bc, client.Options{})
			if !s.CanComplete() {
				t.Fatal("CanComplete = false for a server with completions")
			}
			for _, tc := range cases {
				got, err := s.Complete(context.Background(), tc.ref, tc.arg, tc.value, tc.filled)
				if err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
				if !slices.Equal(got.Values, tc.want) {
					t.Errorf("%s: values %q, want %q", tc.name, got.Values, tc.want)
				}
			}
		})
	}
}

// TestBeyondBadInput: each bad input is refused with an error that says
// what was wrong as data.
func TestBeyondBadInput(t *testing.T) {
	t.Parallel()
	for _, c := range beyondCases {
		t.Run(c.String(), func(t *testing.T) {
			t.Parallel()
			s := connectBeyond(t, c, client.Options{})
			ctx := context.Background()
			_, err := s.ReadResource(ctx, "fixture://nothing-here")
			var unknown *client.UnknownResourceError
			if !errors.As(err, &unknown) || unknown.URI != "fixture://nothing-here" || unknown.Err == nil {
				t.Errorf("unknown URI: %v, want an *UnknownResourceError", err)
			}
			for _, tc := range []struct{ uri, variable string }{{"", ""}, {"file:///{dir}/a.go", "dir"}, {"file:///x{?name:3,ext}", "name"}} {
				_, err = s.ReadResource(ctx, tc.uri)
				var te *client.TemplateError
				if !errors.As(err, &te) || te.Variable != tc.variable {
					t.Errorf("read %q: %v, want a *TemplateError naming %q", tc.uri, err, tc.variable)
				}
			}
			if _, err := s.ListPrompts(ctx); err != nil {
				t.Fatal(err)
			}
			_, err = s.GetPrompt(ctx, beyond.GreetPrompt, map[string]string{"language": "fr"})
			var missing *client.PromptArgumentError
			if !errors.As(err, &missing) || !slices.Equal(missing.Missing, []string{"name"}) || client.HintOf(err) == "" {
				t.Errorf("missing argument: %v, want a *PromptArgumentError naming name", err)
			}
			// Forced, it is sent; the fixture renders what it got.
			r, err := s.GetPromptUnchecked(ctx, beyond.GreetPrompt, map[string]string{"language": "fr"})
			if err != nil || len(r.Messages) != 1 {
				t.Errorf("forced: %+v, %v", r, err)
			}
		})
	}
}

// TestBeyondBigResource: a 20 MB text reads whole over stdio and
// streamable HTTP (the workbench's bench reads the same resource).
func TestBeyondBigResource(t *testing.T) {
	t.Parallel()
	if fixture.RaceDetector {
		// -race makes every JSON step about ten times slower: 20 MB then
		// takes minutes, and the small reads run the same code.
		t.Skip("the 20 MB read runs without -race")
	}
	for _, c := range []beyondCase{{"stdio", beyond.Legacy}, {"http", beyond.Modern}} {
		t.Run(c.String(), func(t *testing.T) {
			t.Parallel()
			// A request timeout, not a speed target: a loaded machine
			// must not fail the read.
			s := connectBeyond(t, c, client.Options{Timeout: 2 * time.Minute})
			r, err := s.ReadResource(context.Background(), beyond.BigURI)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Contents) != 1 {
				t.Fatalf("read %d contents, want 1", len(r.Contents))
			}
			if got := len(r.Contents[0].Text); got != beyond.BigSize {
				t.Errorf("read %d bytes, want %d", got, beyond.BigSize)
			}
		})
	}
}

// TestBeyondReadRound: on 2026-07-28 a resources/read that comes back
// input_required is answered through Options.Answer and sent again; with
// nobody to answer it fails with the *UnansweredError.
func TestBeyondReadRound(t *testing.T) {
	t.Parallel()
	c := beyondCase{"http", beyond.Modern}
	log := &askLog{answers: map[client.AskKind]string{client.AskElicit: `{"action":"accept","content":{"why":"tests"}}`}}
	s := connectBeyond(t, c, client.Options{Answer: log.answer})
	r, err := s.ReadResource(context.Background(), beyond.SecretURI)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Contents) != 1 || r.Contents[0].Text != beyond.SecretText {
		t.Errorf("contents = %+v", r.Contents)
	}
	if asked := log.all(); len(asked) != 1 || asked[0].Kind != client.AskElicit || asked[0].Round != 1 || asked[0].Key != "why" {
		t.Errorf("asked %+v, want one elicitation in round 1 under key why", asked)
	}
	s = connectBeyond(t, c, client.Options{})
	_, err = s.ReadResource(context.Background(), beyond.SecretURI)
	var u *client.UnansweredError
	if !errors.As(err, &u) || u.Ask.Kind != client.AskElicit {
		t.Errorf("unanswered read: %v, want an *UnansweredError for the elicitation", err)
	}
}
