package step

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/toolbench/toolbench/target/secrets"
)

// RecordLimit is how much of an answer's body the Recorder reads before
// handing the response on; the rest still reaches the caller, unread by
// the Recorder, so a huge answer costs no memory here.
const RecordLimit = 1 << 20

// Recorder is an http.RoundTripper for the requests of an OAuth flow (to
// the authorization server and the protected-resource metadata; answers
// that are small documents, not streams). For each request it:
//
//   - sends the request through Base (http.DefaultTransport when nil)
//     with the same body, which it reads once to record;
//   - reads up to RecordLimit bytes of the answer's body and gives the
//     caller a body that yields every byte, those read and the rest;
//   - builds an Exchange with the URL, the headers and both bodies
//     masked (MaskURL, secrets.MaskHeader, MaskBody), and the time it took;
//   - emits it to Observe as an Event of the request's step (Step, else
//     the name set with In on the request's context) in State (Info when
//     ""), with a one-line summary such as "GET https://…: 404";
//   - keeps the Exchange where ExchangeOf finds it, on the response or,
//     when no answer came, on the error.
//
// A Recorder is safe for concurrent use when Base and Observe are.
type Recorder struct {
	// Base carries the requests; nil means http.DefaultTransport.
	Base http.RoundTripper
	// Step names the step a request belongs to; nil means the name set
	// on the request's context with In.
	Step func(*http.Request) Name
	// State is the state of the events emitted; "" means Info.
	State State
	// Observe is told each exchange; nil records without telling.
	Observe Observer
}

var _ http.RoundTripper = (*Recorder)(nil)

type stepKey struct{}

type exchangeKey struct{}

// In returns a context whose requests a Recorder reports as step n.
func In(ctx context.Context, n Name) context.Context {
	return context.WithValue(ctx, stepKey{}, n)
}

// NameIn returns the step set on ctx with In, or "".
func NameIn(ctx context.Context) Name {
	n, _ := ctx.Value(stepKey{}).(Name)
	return n
}

// ExchangeOf returns the Exchange a Recorder kept for the last request
// behind resp, or, when resp is nil, behind the transport error err (the
// error of http.Client.Do wraps it). It returns nil when no Recorder
// carried the request.
func ExchangeOf(resp *http.Response, err error) *Exchange {
	if resp != nil && resp.Request != nil {
		if ex, ok := resp.Request.Context().Value(exchangeKey{}).(*Exchange); ok {
			return ex
		}
	}
	var re *recordedError
	if errors.As(err, &re) {
		return re.ex
	}
	return nil
}

// recordedError is a transport error carrying its Exchange.
type recordedError struct {
	err error
	ex  *Exchange
}

func (e *recordedError) Error() string { return e.err.Error() }
func (e *recordedError) Unwrap() error { return e.err }

// RoundTrip sends req, records the exchange and returns the answer with
// its body whole.
func (r *Recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	ex := &Exchange{Method: req.Method, URL: MaskURL(req.URL.String()), RequestHeader: secrets.MaskHeader(req.Header)}
	out, err := r.withBody(req, ex)
	if err != nil {
		return nil, err
	}
	base := r.Base
	if base == nil {
		base = http.DefaultTransport
	}
	start := time.Now()
	resp, err := base.RoundTrip(out)
	if err != nil {
		ex.Took = time.Since(start)
		ex.Err = MaskText(err.Error())
		r.emit(req, ex)
		return nil, &recordedError{err: err, ex: ex}
	}
	if err := r.readAnswer(resp, ex); err != nil {
		ex.Took = time.Since(start)
		r.emit(req, ex)
		return nil, &recordedError{err: err, ex: ex}
	}
	ex.Took = time.Since(start)
	resp.Request = out
	r.emit(req, ex)
	return resp, nil
}

// withBody returns the request to send: req itself when it has no body,
// else a clone carrying the bytes read from it and the Exchange.
func (r *Recorder) withBody(req *http.Request, ex *Exchange) (*http.Request, error) {
	out := req.Clone(context.WithValue(req.Context(), exchangeKey{}, ex))
	if req.Body == nil || req.Body == http.NoBody {
		return out, nil
	}
	body, err := io.ReadAll(req.Body)
	if cerr := req.Body.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("read the request body of %s %s: %w", req.Method, ex.URL, err)
	}
	ex.RequestBody = MaskBody(req.Header.Get("Content-Type"), body)
	out.Body = io.NopCloser(bytes.NewReader(body))
	out.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	out.ContentLength = int64(len(body))
	return out, nil
}

// readAnswer records the status, headers and the first RecordLimit bytes
// of the body, and puts those bytes back in front of the rest.
func (r *Recorder) readAnswer(resp *http.Response, ex *Exchange) error {
	ex.Status = resp.StatusCode
	ex.ResponseHeader = secrets.MaskHeader(resp.Header)
	if resp.Body == nil {
		return nil
	}
	head, err := io.ReadAll(io.LimitReader(resp.Body, RecordLimit))
	if err != nil {
		resp.Body.Close()
		ex.Err = MaskText(err.Error())
		return fmt.Errorf("read the answer of %s %s: %w", ex.Method, ex.URL, err)
	}
	ex.ResponseBody = MaskBody(resp.Header.Get("Content-Type"), head)
	resp.Body = &replayBody{Reader: io.MultiReader(bytes.NewReader(head), resp.Body), Closer: resp.Body}
	return nil
}

// replayBody yields the bytes the Recorder read, then the unread rest.
type replayBody struct {
	io.Reader
	io.Closer
}

func (r *Recorder) emit(req *http.Request, ex *Exchange) {
	if r.Observe == nil {
		return
	}
	name := NameIn(req.Context())
	if r.Step != nil {
		name = r.Step(req)
	}
	state := r.State
	if state == "" {
		state = Info
	}
	r.Observe.Emit(Event{Step: name, State: state, Summary: ex.Summary(), Exchange: ex})
}

// Summary is the exchange in one line: "GET https://…: 404" or the
// transport error instead of the status.
func (ex *Exchange) Summary() string {
	if ex.Err != "" {
		return ex.Method + " " + ex.URL + ": " + ex.Err
	}
	return fmt.Sprintf("%s %s: %d", ex.Method, ex.URL, ex.Status)
}
