// The request header by which the Express entry hands the browser's address (req.ip, after
// `trust proxy`) to the React Router loaders and actions, which pass it on to the backend.
export const CLIENT_ADDRESS_HEADER = "x-client-address";
