package manager

import (
	"sigs.k8s.io/controller-runtime/pkg/cache"

	"github.com/armgen/armgen/internal/settings"
)

// cacheOptions are the manager's informer caches: the target namespaces when the settings name
// some (and the operator's own, for its global Secret), else every namespace. Objects are
// cached without their managedFields: the reconciler never reads them (its writes are merge
// patches and updates, which leave them to the API server), and at ten thousand objects of
// many kinds they are a large share of what the caches hold.
func cacheOptions(st settings.Settings) cache.Options {
	opts := cache.Options{DefaultTransform: cache.TransformStripManagedFields()}
	if len(st.TargetNamespaces) > 0 {
		ns := map[string]cache.Config{}
		for _, n := range append(st.TargetNamespaces, st.PodNamespace) {
			if n != "" {
				ns[n] = cache.Config{}
			}
		}
		opts.DefaultNamespaces = ns
	}
	return opts
}
