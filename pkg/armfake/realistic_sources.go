package armfake

// recording names where a fact of the realistic tables was read: a go-vcr recording of real
// Azure traffic in Azure Service Operator's public repository (Azure/azure-service-operator,
// v2/internal/controllers/recordings/<File>, MIT licensed) at Commit. The tables state the facts
// in our own terms; nothing of the recordings is copied but what Azure answered.
type recording struct {
	File   string
	Commit string
}

func (r recording) String() string { return r.File + "@" + r.Commit[:8] }

// The recordings the tables cite.
var (
	recRedis              = recording{"Test_Cache_Redis_CRUD.yaml", "091b4086f6cfb5588569211a184a00a980ecfe6f"}
	recStorageAccount     = recording{"Test_Storage_StorageAccount_CRUD.yaml", "3dfda610adffbe11e366e804522a1d797684958f"}
	recVirtualNetwork     = recording{"Test_Networking_VirtualNetwork_CRUD.yaml", "1c2c099dcca553b9e5b3ef342d5a723e5564fcae"}
	recCosmosSQL          = recording{"Test_CosmosDB_SQLDatabase_CRUD.yaml", "10e6263dd818b177b4fab2717b8c27f0adcc0ee2"}
	recPostgreSQLFlexible = recording{"Test_DBForPostgreSQL_FlexibleServer_CRUD.yaml", "221b1dcfc39edac60494dab1384d3a1dc8dc55ba"}
)
