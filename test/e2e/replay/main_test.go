package replay_test

import (
	"os"
	"path/filepath"
	goruntime "runtime"
	"testing"

	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"github.com/armgen/armgen/test/e2e/cluster"
)

// shared is the cluster every replay uses, with the CRDs of the fixtures' kinds installed and
// converted by the webhook of a manager running in this process.
var shared *cluster.Cluster

func TestMain(m *testing.M) {
	os.Exit(cluster.Main(m, func(tb testing.TB, c *cluster.Cluster) {
		shared = c
		log.SetLogger(logr.Discard()) // the operator's log is not what a replay checks
		// Only the fixtures' kinds: installing all CRDs would cost most of the run. A fixture
		// that does not load is left to TestReplay, which fails naming it.
		fixtures, _ := loadFixtures(fixtureDir(tb), decoder())
		c.InstallCRDs(tb, selectCRDs(tb, filepath.Join(repoRoot(tb), "generated", "crds"), fixtures), cluster.ServeWebhook(tb, c))
	}))
}

func decoder() runtime.Decoder {
	return serializer.NewCodecFactory(shared.Scheme).UniversalDeserializer()
}

func fixtureDir(tb testing.TB) string {
	return filepath.Join(repoRoot(tb), "test", "e2e", "replay", "testdata")
}

func repoRoot(tb testing.TB) string {
	_, file, _, _ := goruntime.Caller(0)
	root, err := filepath.Abs(filepath.Join(filepath.Dir(file), "..", "..", ".."))
	if err != nil {
		tb.Fatal(err)
	}
	return root
}
