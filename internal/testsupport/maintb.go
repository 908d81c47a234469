package testsupport

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
)

// errFailNow stops the function MainTB.Run runs, as runtime.Goexit stops a test.
var errFailNow = errors.New("FailNow")

// MainTB stands in for a *testing.T where there is none: TestMain. It records logs, failures
// and cleanups; FailNow ends the function passed to Run. The embedded nil TB only supplies the
// interface's unexported method; every exported method is defined here.
type MainTB struct {
	testing.TB
	name string

	mu       sync.Mutex
	log      strings.Builder
	failed   bool
	cleanups []func()
	tempDirs []string
}

// NewMainTB returns a stand-in named name (what Name reports, and the prefix of temp dirs).
func NewMainTB(name string) *MainTB { return &MainTB{name: name} }

// Run calls f, returning an error if f called FailNow (or Fatal) instead of returning.
func (t *MainTB) Run(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if r != errFailNow {
				panic(r)
			}
			err = fmt.Errorf("%s failed", t.name)
		}
	}()
	f()
	return nil
}

// Logs is everything logged so far.
func (t *MainTB) Logs() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.log.String()
}

// RunCleanups runs the cleanups, the last registered first, then removes the temp dirs. A
// cleanup may register more.
func (t *MainTB) RunCleanups() {
	for {
		t.mu.Lock()
		if len(t.cleanups) == 0 {
			t.mu.Unlock()
			break
		}
		f := t.cleanups[len(t.cleanups)-1]
		t.cleanups = t.cleanups[:len(t.cleanups)-1]
		t.mu.Unlock()
		f()
	}
	for _, d := range t.tempDirs {
		_ = os.RemoveAll(d)
	}
}

func (t *MainTB) Cleanup(f func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cleanups = append(t.cleanups, f)
}

func (t *MainTB) Log(args ...any) { t.Logf("%s", fmt.Sprintln(args...)) }

func (t *MainTB) Logf(format string, args ...any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	line := fmt.Sprintf(format, args...)
	t.log.WriteString(line)
	if !strings.HasSuffix(line, "\n") {
		t.log.WriteString("\n")
	}
}

func (t *MainTB) Error(args ...any)                 { t.Log(args...); t.Fail() }
func (t *MainTB) Errorf(format string, args ...any) { t.Logf(format, args...); t.Fail() }
func (t *MainTB) Fatal(args ...any)                 { t.Log(args...); t.FailNow() }
func (t *MainTB) Fatalf(format string, args ...any) { t.Logf(format, args...); t.FailNow() }
func (t *MainTB) Skip(args ...any)                  { t.Fatal(append([]any{"skip in TestMain:"}, args...)...) }
func (t *MainTB) Skipf(format string, args ...any)  { t.Fatalf("skip in TestMain: "+format, args...) }
func (t *MainTB) SkipNow()                          { t.Fatal("skip in TestMain") }
func (t *MainTB) Skipped() bool                     { return false }
func (t *MainTB) Helper()                           {}
func (t *MainTB) Name() string                      { return t.name }
func (t *MainTB) Attr(key, value string)            { t.Logf("attr %s=%s", key, value) }
func (t *MainTB) Output() io.Writer                 { return logWriter{t} }
func (t *MainTB) Context() context.Context          { return context.Background() }

func (t *MainTB) Fail() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.failed = true
}

func (t *MainTB) Failed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.failed
}

func (t *MainTB) FailNow() {
	t.Fail()
	panic(errFailNow)
}

func (t *MainTB) Setenv(key, value string) {
	old, had := os.LookupEnv(key)
	if err := os.Setenv(key, value); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if had {
			_ = os.Setenv(key, old)
		} else {
			_ = os.Unsetenv(key)
		}
	})
}

func (t *MainTB) Chdir(dir string) {
	old, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chdir(old) })
}

func (t *MainTB) TempDir() string {
	d, err := os.MkdirTemp("", t.name+"-")
	if err != nil {
		t.Fatal(err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.tempDirs = append(t.tempDirs, d)
	return d
}

func (t *MainTB) ArtifactDir() string { return t.TempDir() }

type logWriter struct{ t *MainTB }

func (w logWriter) Write(p []byte) (int, error) {
	w.t.Logf("%s", p)
	return len(p), nil
}
