package main

import (
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// childEnv makes the test binary act as the measured child instead of running tests.
const childEnv = "PROCBENCH_TEST_CHILD"

const childMiB = 96

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		beChild()
		return
	}
	os.Exit(m.Run())
}

// beChild touches childMiB of memory, burns some CPU, then lingers before exiting: work a
// program's own timer would not see, but the user waits for.
func beChild() {
	mem := make([]byte, childMiB<<20)
	for i := 0; i < len(mem); i += 4096 {
		mem[i] = 1
	}
	deadline := time.Now().Add(200 * time.Millisecond)
	x := 0
	for time.Now().Before(deadline) {
		x++
	}
	runtime.KeepAlive(mem)
	time.Sleep(300 * time.Millisecond)
	os.Exit(0)
}

func childArgv(t *testing.T) []string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(childEnv, "1")
	return []string{self, "-test.run=^$"}
}

// The whole life of the child is measured: its peak memory, its CPU and its wall time up to exit.
func TestRunMeasuresTheWholeChildProcess(t *testing.T) {
	m, err := run(childArgv(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS == "linux" || runtime.GOOS == "darwin" {
		if m.Peak < childMiB<<20 {
			t.Errorf("peak %d MiB, want at least the child's %d MiB", m.Peak>>20, childMiB)
		}
	}
	if m.Wall < 500*time.Millisecond {
		t.Errorf("wall %s, want at least the 500ms the child lived", m.Wall)
	}
	// The child spins 200ms of wall time; on a busy machine it gets less CPU than that, but some.
	if m.CPU <= 0 {
		t.Errorf("cpu %s, want the child's CPU time", m.CPU)
	}
}

func TestRunFailsOnAFailingCommand(t *testing.T) {
	if _, err := run([]string{os.Args[0], "-test.run=^$", "-no-such-flag"}, nil); err == nil {
		t.Fatal("a command exiting non-zero measured as a success")
	}
}

// Each figure's median is taken on its own: the slowest run moves none of them.
func TestMedianPerFigure(t *testing.T) {
	ms := []measure{
		{Wall: 9 * time.Second, CPU: 1 * time.Second, Peak: 300},
		{Wall: 1 * time.Second, CPU: 3 * time.Second, Peak: 100},
		{Wall: 5 * time.Second, CPU: 2 * time.Second, Peak: 200},
	}
	got := median(ms)
	want := measure{Wall: 5 * time.Second, CPU: 2 * time.Second, Peak: 200}
	if got != want {
		t.Fatalf("median = %+v, want %+v", got, want)
	}
	if got := median(ms[:2]); got.Wall != 5*time.Second {
		t.Fatalf("median of two walls = %s, want their mean 5s", got.Wall)
	}
}

func TestBenchPrintsEachRunAndTheMedian(t *testing.T) {
	var out, child strings.Builder
	if err := bench(&out, &child, "child", 3, childArgv(t)); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[3], "child: median of 3 runs: wall ") {
		t.Fatalf("output:\n%s", out.String())
	}
}
