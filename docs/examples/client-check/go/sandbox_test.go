// A partner's Go tests with the client check around them: TestMain starts the standalone
// executable, waits for its ready file, runs the tests against the sandbox, then stops it and fails
// the run when the check fails (its exit code). The client under test here is a few lines of
// net/http; yours is your own package, pointed at the sandbox's URLs.
package clientcheck

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var sandbox map[string]string

func TestMain(m *testing.M) {
	exe := os.Getenv("PVH_CLIENT_CHECK") // where CI put the executable
	if exe == "" {
		exe = "./pvh-client-check"
	}
	dir, _ := os.MkdirTemp("", "client-check")
	ready := filepath.Join(dir, "ready")
	// Arm the scenarios your tests expect with "--scenario", NAME; --strict makes SHOULD rules count too.
	cmd := exec.Command(exe, "--port-base", "0", "--ready-file", ready, "--strict")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		fmt.Println("cannot start the client check:", err)
		os.Exit(1)
	}
	if sandbox = waitReady(ready, 30*time.Second); sandbox == nil {
		fmt.Println("the client check did not get ready in 30 s")
		_ = cmd.Process.Kill()
		os.Exit(1)
	}
	code := m.Run()
	// Stop the check: it judges what it recorded and writes reports/client/ (junit.xml for CI).
	_, _ = http.Post(sandbox["CLIENT_CHECK_CONTROL_URL"]+"/stop", "text/plain", nil)
	if err := cmd.Wait(); err != nil && code == 0 {
		fmt.Println("client check:", err, "(see reports/client/SUMMARY.md)")
		code = 1
	}
	os.Exit(code)
}

func waitReady(file string, budget time.Duration) map[string]string {
	for end := time.Now().Add(budget); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		f, err := os.Open(file)
		if err != nil {
			continue
		}
		vars := map[string]string{}
		for s := bufio.NewScanner(f); s.Scan(); {
			if k, v, ok := strings.Cut(s.Text(), "="); ok {
				vars[k] = v
			}
		}
		f.Close()
		return vars
	}
	return nil
}

// The client under test: a token, then one certificate, each request as the spec shows it.
func TestReadsACertificate(t *testing.T) {
	form := url.Values{"grant_type": {"client_credentials"}, "client_id": {sandbox["CLIENT_CHECK_CLIENT_ID"]}, "client_secret": {sandbox["CLIENT_CHECK_CLIENT_SECRET"]}}
	res, err := http.PostForm(sandbox["CLIENT_CHECK_AUTH_URL"], form)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("token: %v %v", err, res.Status)
	}
	var token struct {
		AccessToken string `json:"access_token"`
	}
	_ = json.NewDecoder(res.Body).Decode(&token)
	res.Body.Close()
	cert := strings.Split(sandbox["CLIENT_CHECK_CERTS"], ",")[0]
	req, _ := http.NewRequest("GET", sandbox["CLIENT_CHECK_BASE_URL"]+"/api/v1/voucher-certificates/"+cert, nil)
	req.Header.Set("Authorization", "Bearer "+token.AccessToken)
	res, err = http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("read %s: %v %v", cert, err, res.Status)
	}
	res.Body.Close()
}
