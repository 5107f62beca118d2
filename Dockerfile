# One image for every Rawnaq service; docker-compose.yml picks the entry point per service.
FROM node:20-bookworm AS build
WORKDIR /app
RUN apt-get update -qq && apt-get install -y -qq python3 make g++ >/dev/null && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY projections/package.json projections/
COPY command-api/package.json command-api/
COPY query-api/package.json query-api/
COPY gateway/package.json gateway/
COPY admin-ui/package.json admin-ui/
COPY booking-ui/package.json booking-ui/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "gateway/dist/main.js"]
