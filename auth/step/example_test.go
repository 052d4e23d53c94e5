package step_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/toolbench/toolbench/auth/step"
)

// A package that talks to an authorization server sends its requests
// through a Recorder, names the step on the context, and puts the
// exchange in the step.Error when the answer is a failure.
func ExampleRecorder() {
	as := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"error":"invalid_grant","refresh_token":"ref-6c1d0e9a4b7f2c8d5e3a"}`)
	}))
	defer as.Close()

	var summaries []string
	hc := &http.Client{Transport: &step.Recorder{Observe: func(e step.Event) {
		summaries = append(summaries, string(e.Step)+": "+strings.Replace(e.Summary, as.URL, "AS", 1))
	}}}
	ctx := step.In(context.Background(), step.Token)
	req, _ := http.NewRequestWithContext(ctx, "POST", as.URL+"/token",
		strings.NewReader("grant_type=authorization_code&code=code-9f8e7d6c5b4a3f2e1d0c"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := hc.Do(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fail := &step.Error{Step: step.Token, Err: errors.New("invalid_grant"), Exchange: step.ExchangeOf(resp, nil)}

	fmt.Println(summaries[0])
	fmt.Println("sent:", fail.Exchange.RequestBody)
	fmt.Println("kept:", fail.Exchange.ResponseBody)
	fmt.Println("read:", string(body))
	// Output:
	// token: POST AS/token: 400
	// sent: grant_type=authorization_code&code=••••1d0c
	// kept: {"error":"invalid_grant","refresh_token":"••••5e3a"}
	// read: {"error":"invalid_grant","refresh_token":"ref-6c1d0e9a4b7f2c8d5e3a"}
}
