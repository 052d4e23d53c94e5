package grant

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// get asks the loopback as a browser would and returns status, body and
// content type.
func get(t *testing.T, u string) (int, string, string) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b), resp.Header.Get("Content-Type")
}

func TestLoopbackFirstCallbackCounts(t *testing.T) {
	t.Parallel()
	lb, err := Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	defer lb.Close()
	if !strings.HasPrefix(lb.RedirectURI(), "http://127.0.0.1:") || !strings.HasSuffix(lb.RedirectURI(), "/callback") {
		t.Fatalf("redirect URI %q", lb.RedirectURI())
	}
	if code, _, _ := get(t, lb.RedirectURI()+"?code=early"); code != http.StatusConflict {
		t.Errorf("a callback with nobody waiting: %d, want 409", code)
	}
	got, release := lb.wait()
	hostile := "<script>alert(1)</script>"
	go func() {
		d := <-got
		if d.query.Get("code") != "first" {
			t.Errorf("flow got %v", d.query)
		}
		d.reply <- pageDone
	}()
	code, body, ctype := get(t, lb.RedirectURI()+"?code=first&error_description="+hostile)
	if code != http.StatusOK || strings.TrimSpace(body) != pageDone || ctype != "text/plain; charset=utf-8" {
		t.Errorf("first callback: %d %q %q", code, body, ctype)
	}
	if strings.Contains(body, "script") {
		t.Error("the page echoes the query")
	}
	if code, _, _ := get(t, lb.RedirectURI()+"?code=second"); code != http.StatusConflict {
		t.Errorf("a second callback: %d, want 409", code)
	}
	release()
	if code, _, _ := get(t, strings.Replace(lb.RedirectURI(), "/callback", "/other", 1)); code != http.StatusNotFound {
		t.Errorf("another path: %d, want 404", code)
	}
}

func TestLoopbackFlowGone(t *testing.T) {
	t.Parallel()
	lb, err := Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	defer lb.Close()
	got, release := lb.wait()
	go func() {
		<-got
		release() // the flow gives up without replying
	}()
	code, body, _ := get(t, lb.RedirectURI()+"?code=x")
	if code != http.StatusOK || !strings.Contains(body, "stopped waiting") {
		t.Errorf("%d %q", code, body)
	}
}

func TestLoopbackPortAndClose(t *testing.T) {
	t.Parallel()
	lb, err := Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	port := lb.ln.Addr().String()[len("127.0.0.1:"):]
	n, err := strconv.Atoi(port)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Listen(n); err == nil || !strings.Contains(err.Error(), port) {
		t.Errorf("second listener on a taken port: %v", err)
	}
	if _, err := Listen(70000); err == nil {
		t.Error("port 70000 accepted")
	}
	if err := lb.Close(); err != nil {
		t.Fatal(err)
	}
	if err := lb.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestFetchAgentStopsAwayFromLoopback(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("/login", func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "log in, person") })
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop", http.StatusFound) })
	srv := httptest.NewServer(mux)
	defer srv.Close()
	redirect := "&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcallback"
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := FetchAgent{HTTP: srv.Client()}.Visit(c, srv.URL+"/login?x=1"+redirect)
	var fe *FetchError
	if !errors.As(err, &fe) || fe.Status != http.StatusOK || !strings.Contains(fe.URL, "/login") {
		t.Errorf("login page: %v", err)
	}
	if err := (FetchAgent{HTTP: srv.Client()}).Visit(c, srv.URL+"/loop?x=1"+redirect); err == nil || !strings.Contains(err.Error(), "10 redirects") {
		t.Errorf("redirect loop: %v", err)
	}
	if err := (FetchAgent{}).Visit(c, srv.URL+"/login"); err == nil || !strings.Contains(err.Error(), "redirect_uri") {
		t.Errorf("no redirect_uri: %v", err)
	}
}

func TestLoopbackRefusesOtherHosts(t *testing.T) {
	t.Parallel()
	lb, err := Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	defer lb.Close()
	got, release := lb.wait()
	defer release()
	req, err := http.NewRequest(http.MethodGet, lb.RedirectURI()+"?code=x", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = "rebound.example.test"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("status %d, want 421", resp.StatusCode)
	}
	select {
	case d := <-got:
		t.Errorf("the flow got %v from another host", d.query)
	default:
	}
}
