-- wrk's request headers for load:bench: the bearer token comes from the environment, so it is on no command line.
wrk.headers["Authorization"] = "Bearer " .. os.getenv("PVH_BENCH_TOKEN")
wrk.headers["Accept"] = "application/json"
