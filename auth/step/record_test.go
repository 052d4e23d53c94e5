package step

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// events collects what an Observer is told.
type events struct {
	mu  sync.Mutex
	all []Event
}

func (e *events) observe(ev Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.all = append(e.all, ev)
}

func (e *events) list() []Event {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]Event(nil), e.all...)
}

func TestRecorderPassesBodiesAndMasks(t *testing.T) {
	t.Parallel()
	code, tok := secret(t, "code-"), secret(t, "tok-")
	bigAnswer := `{"access_token":"` + tok + `","pad":"` + strings.Repeat("x", RecordLimit+RecordLimit/2) + `"}`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Echo", string(got))
		w.Header().Set("Set-Cookie", "sid="+tok)
		if r.URL.Path == "/big" {
			io.WriteString(w, bigAnswer)
			return
		}
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"error":"invalid_grant","refresh_token":"`+tok+`"}`)
	}))
	t.Cleanup(srv.Close)
	form := "grant_type=authorization_code&code=" + code
	tests := []struct {
		name, path string
		step       Name
		wantBody   string
		wantStatus int
	}{
		{"small answer", "/token", Token, `{"error":"invalid_grant","refresh_token":"` + tok + `"}`, 400},
		{"answer larger than the record limit", "/big", Refresh, bigAnswer, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var ev events
			c := &http.Client{Transport: &Recorder{Observe: ev.observe}}
			req, err := http.NewRequestWithContext(In(context.Background(), tt.step), "POST", srv.URL+tt.path, strings.NewReader(form))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Authorization", "Bearer "+tok)
			resp, err := c.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			if string(body) != tt.wantBody {
				t.Errorf("caller read %d bytes, want the %d sent", len(body), len(tt.wantBody))
			}
			if resp.Header.Get("X-Echo") != form {
				t.Errorf("server got body %q, want %q", resp.Header.Get("X-Echo"), form)
			}
			ex := ExchangeOf(resp, nil)
			if ex == nil {
				t.Fatal("ExchangeOf(resp) = nil")
			}
			if ex.Status != tt.wantStatus || ex.Method != "POST" || ex.URL != srv.URL+tt.path {
				t.Errorf("exchange %s %s %d", ex.Method, ex.URL, ex.Status)
			}
			if ex.RequestBody != "grant_type=authorization_code&code=••••"+code[len(code)-4:] {
				t.Errorf("request body recorded as %q", ex.RequestBody)
			}
			all := ex.Method + ex.URL + ex.RequestBody + ex.ResponseBody + ex.Err
			for _, h := range []http.Header{ex.RequestHeader, ex.ResponseHeader} {
				for k, v := range h {
					if k != "X-Echo" {
						all += k + strings.Join(v, ",")
					}
				}
			}
			assertHidden(t, all, code, tok)
			got := ev.list()
			if len(got) != 1 || got[0].Step != tt.step || got[0].State != Info || got[0].Exchange != ex ||
				got[0].Summary != fmt.Sprintf("POST %s%s: %d", srv.URL, tt.path, tt.wantStatus) {
				t.Errorf("events %+v", got)
			}
		})
	}
}

func TestRecorderTransportError(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL + "/token?code=" + secret(t, "code-")
	srv.Close()
	var ev events
	rec := &Recorder{Observe: ev.observe, Step: func(*http.Request) Name { return Token }, State: Failed}
	c := &http.Client{Transport: rec}
	resp, err := c.Get(url)
	if err == nil {
		resp.Body.Close()
		t.Fatal("want a transport error from a closed server")
	}
	ex := ExchangeOf(nil, err)
	if ex == nil || ex.Err == "" || ex.Status != 0 {
		t.Fatalf("ExchangeOf(err) = %+v", ex)
	}
	if strings.Contains(ex.URL, url[len(url)-20:]) {
		t.Errorf("code survives in %q", ex.URL)
	}
	got := ev.list()
	if len(got) != 1 || got[0].Step != Token || got[0].State != Failed || !strings.HasPrefix(got[0].Summary, "GET ") {
		t.Errorf("events %+v", got)
	}
}
