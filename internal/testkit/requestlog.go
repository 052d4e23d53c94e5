package testkit

import (
	"net/http"
	"sync"
)

// Seen is one request an HTTP handler received, as a test checks it.
type Seen struct {
	// Method and URI (path and query) of the request.
	Method, URI string
	// Header is a copy of the request's headers.
	Header http.Header
}

// RequestLog records the requests that reach a handler, for a test to ask
// what an origin received. It is safe for concurrent use.
type RequestLog struct {
	mu   sync.Mutex
	reqs []Seen
}

// Wrap returns next with every request recorded before it is served.
func (l *RequestLog) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		l.reqs = append(l.reqs, Seen{Method: r.Method, URI: r.URL.RequestURI(), Header: r.Header.Clone()})
		l.mu.Unlock()
		next.ServeHTTP(w, r)
	})
}

// List returns the requests recorded so far, oldest first.
func (l *RequestLog) List() []Seen {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Seen(nil), l.reqs...)
}

// Leaks lists each header among names that a recorded request carried, as
// "METHOD URI: Name: value".
func (l *RequestLog) Leaks(names ...string) []string {
	var out []string
	for _, r := range l.List() {
		for _, name := range names {
			if v := r.Header.Get(name); v != "" {
				out = append(out, r.Method+" "+r.URI+": "+name+": "+v)
			}
		}
	}
	return out
}
